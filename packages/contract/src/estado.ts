import { z } from 'zod';
import { envelope } from './envelope.ts';

/** `GET {api}/api/estado`: public health check. */
export const estado = z.object({ version: z.string() });
export type Estado = z.infer<typeof estado>;
export const estadoResponse = envelope(estado);
