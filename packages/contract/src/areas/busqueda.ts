import { z } from 'zod';
import { BUSQUEDA_TIPOS } from '../registry.ts';

// The command palette's search: one call that asks every area the caller may read for the records that match, a
// few each. The kinds are the areas' (registry.ts builds BUSQUEDA_TIPOS from their declarations).
export { BUSQUEDA_TIPOS, type BusquedaTipo } from '../registry.ts';

/** How many records each kind answers at most. */
export const BUSQUEDA_POR_TIPO = 5;
/** Fewer characters than this find no records: a trigram index needs three to narrow the search. */
export const BUSQUEDA_MINIMO = 3;
/**
 * How many matches of a kind are ranked (a title that starts with the text first) before the first few are
 * kept: a common text matches tens of thousands of rows, and sorting them all would cost what they cost.
 */
export const BUSQUEDA_CANDIDATOS = 50;

export const busquedaQuery = z
  .object({
    q: z
      .string({ error: 'Este campo es requerido' })
      .trim()
      .min(BUSQUEDA_MINIMO, `Mínimo ${BUSQUEDA_MINIMO} caracteres`)
      .max(100, 'Máximo 100 caracteres'),
    /** Only these kinds (comma-separated): the palette's `cli:` filter. */
    tipos: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean)
          : undefined,
      )
      .pipe(
        z
          .array(z.enum(BUSQUEDA_TIPOS, { error: `Tipo desconocido; use uno de: ${BUSQUEDA_TIPOS.join(', ')}` }))
          .optional(),
      ),
  })
  .strict();

export const busquedaResultado = z.object({
  tipo: z.enum(BUSQUEDA_TIPOS),
  /** The record's key within its kind (an id, or a host name). */
  id: z.string(),
  titulo: z.string(),
  /** A second line: the CUIT, the IP, the package name… */
  detalle: z.string().nullable(),
  /** The portal path of its screen. */
  enlace: z.string(),
});
export type BusquedaResultado = z.infer<typeof busquedaResultado>;

export const busquedaRespuesta = z.object({
  resultados: z.array(busquedaResultado),
  /** The kinds asked: those the caller may read (and the filter named). */
  tipos: z.array(z.enum(BUSQUEDA_TIPOS)),
});
export type BusquedaRespuesta = z.infer<typeof busquedaRespuesta>;
