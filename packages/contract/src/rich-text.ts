import { emptyDocument, validateDocument, type DocumentJson } from '@intranet/editor';
import { z } from 'zod';

/**
 * A rich-text field (DESIGN §7): the editor's JSON document, checked against the editor's schema and
 * normalised to what is stored (legacy extra attributes dropped, defaults filled in). Its error is the
 * editor's Spanish message, so a bad document answers 400 on its own field. Absent or null is the empty document.
 */
export const richText = z.unknown().transform((value, ctx): DocumentJson => {
  if (value === undefined || value === null) return emptyDocument();
  const result = validateDocument(value);
  if (result.ok) return result.value;
  ctx.addIssue({ code: 'custom', message: result.error });
  return z.NEVER;
});

/** A stored rich-text document as answered (read shapes; the server only stores validated documents). */
export const richTextDocument = z.custom<DocumentJson>(
  (value) => typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc',
);
