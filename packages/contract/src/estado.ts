import { z } from 'zod';
import { envelope } from './envelope.ts';

/** `GET {api}/api/estado` (public): the running version; in maintenance every /api call answers 503. */
export const estado = z.object({ version: z.string() });
export const estadoResponse = envelope(estado);
