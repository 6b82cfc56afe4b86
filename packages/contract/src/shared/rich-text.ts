import { emptyDocument, validateDocument, type DocumentJson } from '@intranet/editor';
import { z } from 'zod';

/**
 * A rich-text field: the editor's JSON document, checked against the editor's schema and
 * normalised to what is stored (legacy extra attributes dropped, defaults filled in). Its error is the
 * editor's Spanish message, so a bad document answers 400 on its own field. Absent or null is the empty document.
 */
export const richText = z
  .unknown()
  .optional()
  .transform((value, ctx): DocumentJson => {
    if (value === undefined || value === null) return emptyDocument();
    const result = validateDocument(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  });
