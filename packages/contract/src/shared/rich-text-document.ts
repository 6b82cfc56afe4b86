import type { DocumentJson } from '@intranet/editor';
import { z } from 'zod';

// Apart from rich-text.ts, which checks documents with the editor's model (ProseMirror): a screen that only reads
// records with rich text (the home's panels) parses their answers without loading it.

/** A stored rich-text document as answered: the server only stores documents `richText` accepted. */
export const richTextDocument = z.looseObject({
  type: z.literal('doc'),
  content: z.array(z.unknown()),
}) as unknown as z.ZodType<DocumentJson>;
