import { z } from 'zod';

/** Every `{api}` answer: `error` is null on success, `datos` carries the payload. */
export const envelope = <T extends z.ZodType>(datos: T) => z.object({ error: z.string().nullable(), datos });

/** Field errors keyed by the dotted path of the offending field ("password", "dnss.0.host"). */
export const fieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrors>;

/** Every error answer (4xx/5xx): a Spanish message, no data, and the field errors when input was bad. */
export const errorBody = z.object({
  error: z.string(),
  datos: z.null(),
  campos: fieldErrors.optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = envelope(z.null());
