import { z } from 'zod';
import { desarrolloInput } from './desarrollos/input.ts';
import { listQuery, paged, queryBoolean } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { richTextDocument } from '@intranet/contract/shared/rich-text-document';
export {
  DESARROLLO_PRIORIDADES,
  DESARROLLO_PRIORIDAD_NOMBRES,
  type DesarrolloPrioridad,
} from '@intranet/contract/shared/entre-areas';
import { DESARROLLO_PRIORIDADES } from '@intranet/contract/shared/entre-areas';

// ---- Desarrollos. Read SER#VER, write DESARROLLOS#EDITAR. ----

/** The states in board order: the workflow's five steps, then cancelado. */
export const DESARROLLO_ESTADOS = ['pendiente', 'analisis', 'desarrollo', 'testing', 'entregado', 'cancelado'] as const;
export type DesarrolloEstado = (typeof DESARROLLO_ESTADOS)[number];
export const DESARROLLO_ESTADO_NOMBRES: Record<DesarrolloEstado, string> = {
  pendiente: 'Pendiente',
  analisis: 'Análisis',
  desarrollo: 'Desarrollo',
  testing: 'Testing',
  entregado: 'Entregado',
  cancelado: 'Cancelado',
};

/**
 * The one table of allowed moves, enforced by the server and offered by the board: forward one step, back
 * one step for rework, any open state to cancelado, cancelado back to pendiente to reopen. Entregado is final.
 */
export const DESARROLLO_TRANSICIONES: Readonly<Record<DesarrolloEstado, readonly DesarrolloEstado[]>> = {
  pendiente: ['analisis', 'cancelado'],
  analisis: ['desarrollo', 'pendiente', 'cancelado'],
  desarrollo: ['testing', 'analisis', 'cancelado'],
  testing: ['entregado', 'desarrollo', 'cancelado'],
  entregado: [],
  cancelado: ['pendiente'],
};

export const puedePasarDesarrollo = (desde: DesarrolloEstado, hacia: DesarrolloEstado): boolean =>
  DESARROLLO_TRANSICIONES[desde].includes(hacia);

const enumerar = (nombres: string[]): string =>
  nombres.length <= 1 ? (nombres[0] ?? '') : `${nombres.slice(0, -1).join(', ')} o ${nombres[nombres.length - 1]}`;

/** Why a move is refused, in Spanish; null when the table allows it. */
export function transicionRechazada(desde: DesarrolloEstado, hacia: DesarrolloEstado): string | null {
  if (puedePasarDesarrollo(desde, hacia)) return null;
  const de = DESARROLLO_ESTADO_NOMBRES[desde];
  if (desde === hacia) return `El desarrollo ya está en ${de}`;
  if (DESARROLLO_TRANSICIONES[desde].length === 0) return `Un desarrollo ${de.toLowerCase()} no cambia de estado`;
  const destinos = enumerar(DESARROLLO_TRANSICIONES[desde].map((e) => DESARROLLO_ESTADO_NOMBRES[e]));
  return `No se puede pasar de ${de} a ${DESARROLLO_ESTADO_NOMBRES[hacia]}: desde ${de} solo puede pasar a ${destinos}`;
}

/** Delivered or cancelled: a commitment date in the past no longer makes it overdue. */
export const estadoCerrado = (estado: DesarrolloEstado): boolean => estado === 'entregado' || estado === 'cancelado';

// ---- Payloads ----

export {
  COMPROMISO_ANTERIOR,
  ENTREGA_ANTERIOR,
  desarrolloInput,
  type DesarrolloInput,
  type DesarrolloValues,
} from './desarrollos/input.ts';

/** `POST /api/desarrollos/:id/estado`: moves a development; refused (409) when the table does not allow it. */
export const desarrolloEstadoInput = z
  .object({ estado: z.enum(DESARROLLO_ESTADOS, { error: 'Estado inválido' }) })
  .strict();

// ---- Answers ----

/** A development as the list and the board answer it (without its description). */
export const desarrolloFila = z.object({
  id: z.number().int(),
  titulo: z.string(),
  empresa_id: z.number().int().nullable(),
  empresa: z.string().nullable(),
  producto_id: z.number().int(),
  producto: z.string(),
  estado: z.enum(DESARROLLO_ESTADOS),
  prioridad: z.enum(DESARROLLO_PRIORIDADES),
  responsable_id: z.number().int().nullable(),
  responsable: z.string().nullable(),
  horas_estimadas: z.number().nullable(),
  horas_reales: z.number().nullable(),
  fecha_solicitud: z.string(),
  fecha_compromiso: z.string().nullable(),
  fecha_entrega: z.string().nullable(),
  version_id: z.number().int().nullable(),
  version: z.string().nullable(),
  /** The commitment date has passed and it is neither delivered nor cancelled. */
  vencido: z.boolean(),
  creado: z.string(),
  actualizado: z.string(),
});
export type DesarrolloFila = z.infer<typeof desarrolloFila>;

/** `GET /api/desarrollos/:id` and the create/update/move answers: the row with its stored description. */
export const desarrollo = desarrolloFila.extend({ descripcion: richTextDocument });
export type Desarrollo = z.infer<typeof desarrollo>;

/** One dated state change (`GET /api/desarrollos/:id/estados`); creation is the row with `desde` null. */
export const desarrolloCambio = z.object({
  id: z.number().int(),
  desde: z.enum(DESARROLLO_ESTADOS).nullable(),
  hacia: z.enum(DESARROLLO_ESTADOS),
  usuario: z.string().nullable(),
  fecha: z.string(),
});
export type DesarrolloCambio = z.infer<typeof desarrolloCambio>;
export const desarrolloCambios = z.array(desarrolloCambio);

// ---- List, export and board ----

const filtroId = (mensaje: string) => z.coerce.number({ error: mensaje }).int(mensaje).positive(mensaje).optional();

/** The filters the list and the board share. */
const filtrosComunes = {
  empresa_id: filtroId('Cliente inválido'),
  producto_id: filtroId('Producto inválido'),
  responsable_id: filtroId('Responsable inválido'),
  prioridad: z.enum(DESARROLLO_PRIORIDADES, { error: 'Prioridad inválida' }).optional(),
};

export const DESARROLLO_SORT = [
  'titulo',
  'empresa',
  'producto',
  'estado',
  'prioridad',
  'responsable',
  'fecha_solicitud',
  'fecha_compromiso',
  'fecha_entrega',
  'actualizado',
] as const;
export const desarrolloListQuery = listQuery(DESARROLLO_SORT, {
  ...filtrosComunes,
  estado: z.enum(DESARROLLO_ESTADOS, { error: 'Estado inválido' }).optional(),
  vencido: queryBoolean.optional(),
});
export const desarrolloPage = paged(desarrolloFila);
export const desarrolloExportQuery = desarrolloListQuery.omit({ page: true, size: true });
/** Bulk actions on the developments list: delete, move to a state (by the board's rules) or set the priority. */
export const desarrolloLote = loteBody(desarrolloExportQuery, {
  estado: z.enum(DESARROLLO_ESTADOS, { error: 'Estado inválido' }),
  prioridad: z.enum(DESARROLLO_PRIORIDADES, { error: 'Prioridad inválida' }),
  responsable_id: desarrolloInput.shape.responsable_id,
  fecha_compromiso: desarrolloInput.shape.fecha_compromiso,
});
export const desarrolloLoteExport = loteExportBody(desarrolloExportQuery);

/** Cards per column on the board; the column's count is always the full one. */
export const TABLERO_MAX_TARJETAS = 100;

/** `GET /api/desarrollos/mios`: the caller's developments (their persona is the responsible) by state. */
export const desarrollosMios = z.object({
  /** The caller's persona, or null when their account has none (then no development is theirs). */
  persona_id: z.number().int().nullable(),
  estados: z.array(z.object({ estado: z.enum(DESARROLLO_ESTADOS), cantidad: z.number().int().nonnegative() })),
});

/** `GET /api/desarrollos/tablero?q&empresa_id&producto_id&responsable_id&prioridad&vencido`. */
export const tableroQuery = z
  .object({
    q: z.string().trim().max(200, 'Máximo 200 caracteres').optional(),
    ...filtrosComunes,
    vencido: queryBoolean.optional(),
  })
  .strict();

/** One column per state, in board order: its full count and its first cards (most urgent first). */
export const tablero = z.array(
  z.object({
    estado: z.enum(DESARROLLO_ESTADOS),
    total: z.number().int().nonnegative(),
    items: z.array(desarrolloFila),
  }),
);
export type Tablero = z.infer<typeof tablero>;

/** `GET /api/desarrollos/opciones`: the staff (responsables) and the versions per product, for forms and filters. */
export const desarrolloOpciones = z.object({
  responsables: z.array(z.object({ id: z.number().int(), nombre: z.string(), activo: z.boolean() })),
  versiones: z.array(
    z.object({ id: z.number().int(), producto_id: z.number().int(), numero: z.string(), estado: z.string() }),
  ),
});
export type DesarrolloOpciones = z.infer<typeof desarrolloOpciones>;
