import { z } from 'zod';

/** An installer package (AREAS.md); `GET {instaladores}/api/paquetes` answers a bare list of these. */
export const paquete = z.object({
  id: z.number().int(),
  nombre: z.string(),
  producto: z.string().nullable(),
  version: z.string().nullable(),
  canal: z.string().nullable(),
  /** ISO 8601 timestamp. */
  fecha: z.string(),
  notas: z.string().nullable(),
});
export type Paquete = z.infer<typeof paquete>;
export const paquetesResponse = z.array(paquete);

/** `GET {instaladores}/api/paquetes/last`, bare as the spec shows; null when there is no package yet. */
export const paqueteLast = z.object({ nombre: z.string(), fecha: z.string() });
export type PaqueteLast = z.infer<typeof paqueteLast>;
