import { z } from 'zod';
import { envelope } from './envelope.ts';

/** `GET {api}/api/estado` (public): the running version; in maintenance every /api call answers 503. */
export const estado = z.object({ version: z.string() });
export type Estado = z.infer<typeof estado>;
export const estadoResponse = envelope(estado);

/** The 503 answer's message while the site is in maintenance (spec §2 /maintenance). */
export const MANTENIMIENTO = 'El sitio esta en mantenimiento';
