import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { envelope } from './envelope.ts';
import { MAX_ID } from './list.ts';

/** The most rows one bulk action touches: "all that match" beyond it is refused, to be narrowed by a filter. */
export const LOTE_MAXIMO = 10_000;

/** Why "all that match" beyond `LOTE_MAXIMO` is refused: the server's field error and the bulk bar's warning. */
export const LOTE_EXCEDIDO = `Más de ${LOTE_MAXIMO.toLocaleString('es-AR')} filas coinciden con el filtro: eliminar o cambiar en lote actúa sobre ${LOTE_MAXIMO.toLocaleString('es-AR')} como máximo, y no se hizo nada. Acote la lista con un filtro (la exportación las incluye todas).`;

/** The rows a bulk action acts on: the ids chosen, or every row the list's filter and search match. */
const seleccion = <F extends z.ZodType>(filtro: F) =>
  z.union([
    z
      .object({
        ids: z
          .array(z.number().int().positive().max(MAX_ID, 'Id inválido'))
          .min(1, 'Seleccione al menos uno')
          .max(LOTE_MAXIMO),
      })
      .strict(),
    z.object({ filtro }).strict(),
  ]);

/**
 * `{ campo, valor }` for each field the area lets a bulk action set, each `valor` checked by that field's own schema.
 */
type Cambio<C extends Record<string, z.ZodType>> = {
  [K in keyof C & string]: z.ZodObject<{ campo: z.ZodLiteral<K>; valor: C[K] }, z.core.$strict>;
}[keyof C & string];

/**
 * `POST /api/<x>/lote`: one bulk action over a list's rows, run on the server as one request.
 * `filtro` is the list's own query without paging (its `export.csv` query), so "all that match" is exactly what
 * the list shows; `campos` are the fields a bulk change may set, each with the schema the area's form uses.
 */
export function loteBody<F extends z.ZodType, C extends Record<string, z.ZodType>>(filtro: F, campos: C) {
  const cambios = Object.entries(campos).map(([campo, valor]) =>
    z.object({ campo: z.literal(campo), valor }).strict(),
  ) as unknown as Cambio<C>[];
  const eliminar = z.object({ seleccion: seleccion(filtro), accion: z.literal('eliminar') }).strict();
  if (cambios.length === 0) return eliminar;
  const cambio = z.discriminatedUnion('campo', cambios as [Cambio<C>, ...Cambio<C>[]], {
    error: 'Campo que no se puede cambiar en lote',
  });
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

// ---- The recorded batches: every bulk action is kept, with each selected row's outcome ----

/** How long a batch's process may go without a heartbeat before the batch reads as interrumpido (its process died). */
export const LOTE_LATIDO_VENCIDO_MS = 30_000;

export const LOTE_ESTADOS = { en_curso: 'En curso', terminado: 'Terminado', interrumpido: 'Interrumpido' } as const;
export type LoteEstado = keyof typeof LOTE_ESTADOS;

export const LOTE_FILA_ESTADOS = { pendiente: 'Pendiente', hecho: 'Hecha', rechazado: 'Rechazada' } as const;
export type LoteFilaEstado = keyof typeof LOTE_FILA_ESTADOS;

export const LOTE_ACCIONES = { eliminar: 'Eliminar', cambiar: 'Cambiar', deshacer: 'Deshacer' } as const;
export type LoteAccion = keyof typeof LOTE_ACCIONES;

/** Why an undo of a delete is refused: the rows are gone, and no list here re-creates them from their history. */
export const LOTE_BORRADO_NO_SE_DESHACE = 'Un borrado masivo no se deshace';

/** One recorded batch as the history lists it: who, when, what, and how many rows are done, refused and pending. */
export const loteResumen = z.object({
  id: z.number().int(),
  ruta: z.string(),
  usuario_id: z.number().int().nullable(),
  usuario_nombre: z.string(),
  accion: z.enum(Object.keys(LOTE_ACCIONES) as [LoteAccion, ...LoteAccion[]]),
  /** The field and value set; for an undo, the field put back (each row its own value, `valor` null). */
  cambio: z.object({ campo: z.string(), valor: z.unknown() }).nullable(),
  estado: z.enum(Object.keys(LOTE_ESTADOS) as [LoteEstado, ...LoteEstado[]]),
  creado: z.string(),
  actualizado: z.string(),
  terminado: z.string().nullable(),
  /** The batch this one undid (an undo), and the undo that undid this one. */
  deshace_a: z.number().int().nullable(),
  deshecho_por: z.number().int().nullable(),
  total: z.number().int().nonnegative(),
  hechos: z.number().int().nonnegative(),
  rechazados: z.number().int().nonnegative(),
  pendientes: z.number().int().nonnegative(),
});
export type LoteResumen = z.infer<typeof loteResumen>;

export const loteFila = z.object({
  id: z.number().int(),
  nombre: z.string(),
  estado: z.enum(Object.keys(LOTE_FILA_ESTADOS) as [LoteFilaEstado, ...LoteFilaEstado[]]),
  motivo: z.string().nullable(),
});

/** `GET {ruta}/lotes/:id`: the batch, its selection as sent, and each row it selected in the list's order. */
export const loteDetalle = loteResumen.extend({ seleccion: z.unknown(), filas: z.array(loteFila) });
export type LoteDetalle = z.infer<typeof loteDetalle>;

/** `GET {ruta}/lotes`: the list's batches, newest first, at most `limite`. */
export const lotesQuery = z
  .object({
    limite: z.coerce
      .number({ error: 'Límite inválido' })
      .int('Límite inválido')
      .min(1, 'Límite inválido')
      .max(200, 'Límite inválido')
      .default(50),
  })
  .strict();
export const lotesLista = z.object({ items: z.array(loteResumen) });

/** `:id` of a batch's routes. */
export const loteIdParam = z
  .object({
    id: z.coerce.number({ error: 'Id inválido' }).int('Id inválido').positive('Id inválido').max(MAX_ID, 'Id inválido'),
  })
  .strict();

const LOTE_ERRORS = [400, 401, 403] as const;

/**
 * The bulk routes of one list, under its API path `base`: the action (`POST <base>/lote`, its body the list's
 * `loteBody`), the selection's CSV (`POST <base>/lote/export.csv`, its body the list's `loteExportBody`) and the
 * recorded batches (`<base>/lotes…`). The server's `loteRoutes` registers those the list takes.
 */
export function loteEndpoints<const Base extends string, Body extends z.ZodType, ExportBody extends z.ZodType>(
  base: Base,
  o: { body: Body; exportBody: ExportBody },
) {
  return {
    accion: endpoint({
      method: 'POST',
      path: `${base}/lote`,
      summary:
        'Acción en lote: eliminar o cambiar un campo de las filas elegidas o de todas las que coinciden con el filtro',
      description:
        'Una sola solicitud. Cada fila pasa por la misma baja o modificación que a mano (con su auditoría); las que no se pueden se rechazan con su motivo y las demás se hacen. La acción queda registrada (GET {ruta}/lotes) antes de tocar la primera fila.',
      body: o.body,
      answer: envelope(loteResultado),
      errors: LOTE_ERRORS,
    }),
    exportar: endpoint({
      method: 'POST',
      path: `${base}/lote/export.csv`,
      summary: 'Las filas elegidas (o todas las que coinciden con el filtro), en el CSV de la lista',
      body: o.exportBody,
      produces: ['text/csv'],
      errors: LOTE_ERRORS,
    }),
    historial: endpoint({
      method: 'GET',
      path: `${base}/lotes`,
      summary: 'Historial de acciones masivas de la lista, la más reciente primero',
      query: lotesQuery,
      answer: envelope(lotesLista),
      errors: [...LOTE_ERRORS, 404],
    }),
    detalle: endpoint({
      method: 'GET',
      path: `${base}/lotes/:id`,
      summary: 'Una acción masiva: sus conteos y cada fila hecha, rechazada o pendiente',
      params: loteIdParam,
      answer: envelope(loteDetalle),
      errors: [...LOTE_ERRORS, 404],
    }),
    continuar: endpoint({
      method: 'POST',
      path: `${base}/lotes/:id/continuar`,
      summary: 'Continúa una acción masiva interrumpida: aplica solo sus filas pendientes, cada una a lo sumo una vez',
      params: loteIdParam,
      answer: envelope(loteDetalle),
      errors: [...LOTE_ERRORS, 404, 409],
    }),
    deshacer: endpoint({
      method: 'POST',
      path: `${base}/lotes/:id/deshacer`,
      summary:
        'Deshace un cambio masivo: cada fila cambiada vuelve al valor anterior que guarda su auditoría, por la misma modificación que a mano',
      description:
        'Queda registrado como una acción masiva más. Un borrado masivo no se deshace; una fila cambiada después se rechaza con su motivo.',
      params: loteIdParam,
      answer: envelope(loteDetalle),
      errors: [...LOTE_ERRORS, 404, 409],
    }),
  };
}
