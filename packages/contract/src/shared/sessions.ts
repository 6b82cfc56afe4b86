import { z } from 'zod';

/**
 * One browser's sign-in as "Sesiones activas" shows it: the browser and system worked out from its User-Agent,
 * the address it was last used from, when it started and when it was last used (ISO 8601).
 */
export const sesionActiva = z.object({
  id: z.number().int(),
  navegador: z.string(),
  sistema: z.string(),
  dispositivo: z.string().nullable(),
  ip: z.string().nullable(),
  inicio: z.string(),
  ultimo_uso: z.string(),
  /** The session of the page asking. */
  actual: z.boolean(),
});
export type SesionActiva = z.infer<typeof sesionActiva>;

/** How many sessions a closing ended. */
export const sesionesCerradas = z.object({ cerradas: z.number().int() });
