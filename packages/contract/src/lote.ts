import { z } from 'zod';
import { MAX_ID } from './list.ts';

/** The most rows one bulk action touches: "all that match" beyond it is refused, to be narrowed by a filter. */
export const LOTE_MAXIMO = 10_000;

/** Why "all that match" beyond `LOTE_MAXIMO` is refused: the server's field error and the bulk bar's warning. */
export const LOTE_EXCEDIDO = `Más de ${LOTE_MAXIMO.toLocaleString('es-AR')} filas coinciden con el filtro: eliminar o cambiar en lote actúa sobre ${LOTE_MAXIMO.toLocaleString('es-AR')} como máximo, y no se hizo nada. Acote la lista con un filtro (la exportación las incluye todas).`;

/** The rows a bulk action acts on: the ids chosen, or every row the list's filter and search match. */
const seleccion = <F extends z.ZodType>(filtro: F) =>
  z.union([
    z.object({ ids: z.array(z.number().int().positive().max(MAX_ID, 'Id inválido')).min(1, 'Seleccione al menos uno').max(LOTE_MAXIMO) }).strict(),
    z.object({ filtro }).strict(),
  ]);

/** `{ campo, valor }` for each field the area lets a bulk action set, each `valor` checked by that field's own schema. */
type Cambio<C extends Record<string, z.ZodType>> = { [K in keyof C & string]: z.ZodObject<{ campo: z.ZodLiteral<K>; valor: C[K] }, z.core.$strict> }[keyof C & string];

/**
 * `POST /api/<x>/lote`: one bulk action over a list's rows, run on the server as one request (issue 21).
 * `filtro` is the list's own query without paging (its `export.csv` query), so "all that match" is exactly what
 * the list shows; `campos` are the fields a bulk change may set, each with the schema the area's form uses.
 */
export function loteBody<F extends z.ZodType, C extends Record<string, z.ZodType>>(filtro: F, campos: C) {
  const cambios = Object.entries(campos).map(([campo, valor]) => z.object({ campo: z.literal(campo), valor }).strict()) as unknown as Cambio<C>[];
  const eliminar = z.object({ seleccion: seleccion(filtro), accion: z.literal('eliminar') }).strict();
  if (cambios.length === 0) return eliminar;
  const cambio = z.discriminatedUnion('campo', cambios as [Cambio<C>, ...Cambio<C>[]], { error: 'Campo que no se puede cambiar en lote' });
  const cambiar = z.object({ seleccion: seleccion(filtro), accion: z.literal('cambiar'), cambio }).strict();
  return z.discriminatedUnion('accion', [eliminar, cambiar], { error: 'Acción inválida: eliminar o cambiar' });
}

/** `POST /api/<x>/lote/export.csv`: the selection's rows as the list's CSV. */
export const loteExportBody = <F extends z.ZodType>(filtro: F) => z.object({ seleccion: seleccion(filtro) }).strict();

/** A row the action did not apply to, and why (the same Spanish reason its single delete or edit gives). */
export const loteRechazo = z.object({ id: z.number().int(), nombre: z.string(), motivo: z.string() });
export type LoteRechazo = z.infer<typeof loteRechazo>;

/** What a bulk action did: how many rows it found, which it applied to, and which it refused with their reasons. */
export const loteResultado = z.object({
  total: z.number().int().nonnegative(),
  hechos: z.array(z.number().int()),
  rechazados: z.array(loteRechazo),
});
export type LoteResultado = z.infer<typeof loteResultado>;
