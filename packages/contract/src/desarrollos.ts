import { z } from 'zod';
import { listQuery, paged, queryBoolean, MAX_ID } from './list.ts';
import { loteBody, loteExportBody } from './lote.ts';
import { richText, richTextDocument } from './rich-text.ts';
import { requiredText } from './validators.ts';
export { DESARROLLO_PRIORIDADES, DESARROLLO_PRIORIDAD_NOMBRES, type DesarrolloPrioridad } from './shared.ts';
import { DESARROLLO_PRIORIDADES, type DesarrolloPrioridad } from './shared.ts';

// ---- Desarrollos (AREAS.md "Versiones y Desarrollos"; issue 8). Read SER#VER, write DESARROLLOS#EDITAR. ----

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

const FECHA_INVALIDA = 'Fecha inválida (aaaa-mm-dd)';
const fecha = z.iso.date({ error: FECHA_INVALIDA });
const optionalFecha = z
  .string({ error: FECHA_INVALIDA })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.union([z.null(), fecha], { error: FECHA_INVALIDA }));

const optionalId = (mensaje: string) =>
  z
    .number({ error: mensaje })
    .int(mensaje)
    .positive(mensaje)
    .nullish()
    .transform((v) => v ?? null);

const HORAS_MAX = 100_000;
const optionalHoras = z
  .number({ error: 'Debe ser un número' })
  .min(0, 'No puede ser negativo')
  .max(HORAS_MAX, `Máximo ${HORAS_MAX}`)
  .multipleOf(0.25, 'En cuartos de hora (0,25)')
  .nullish()
  .transform((v) => v ?? null);

/** Whether the request date and `campo` parsed without issues (a refinement's `when`). */
const fechasValidas =
  (campo: string) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] | undefined }[] }): boolean =>
    // Not an object at all (no body, a list): its type error says it; there are no dates to compare.
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) &&
    payload.issues.every((issue) => issue.path?.[0] !== 'fecha_solicitud' && issue.path?.[0] !== campo);

export const COMPROMISO_ANTERIOR = 'La fecha de compromiso no puede ser anterior a la de solicitud';
export const ENTREGA_ANTERIOR = 'La fecha de entrega no puede ser anterior a la de solicitud';

/**
 * Create and update payload (`POST /api/desarrollos`, `PUT /api/desarrollos/:id`). The state is not in it:
 * a development is created pendiente and moves only through `POST /api/desarrollos/:id/estado`.
 */
export const desarrolloInput = z
  .object({
    titulo: requiredText(200),
    empresa_id: optionalId('Cliente inválido'),
    producto_id: z.number({ error: 'Elija un producto' }).int('Elija un producto').positive('Elija un producto').max(MAX_ID, 'Id inválido'),
    descripcion: richText,
    prioridad: z.enum(DESARROLLO_PRIORIDADES, { error: 'Prioridad inválida' }).default('media'),
    responsable_id: optionalId('Responsable inválido'),
    horas_estimadas: optionalHoras,
    horas_reales: optionalHoras,
    fecha_solicitud: fecha,
    fecha_compromiso: optionalFecha,
    fecha_entrega: optionalFecha,
    version_id: optionalId('Versión inválida'),
  })
  .strict()
  // ISO dates compare as text. Each check runs as soon as its two dates are valid, whatever else is wrong,
  // so the form shows it together with the other errors.
  .refine((v) => !v.fecha_compromiso || v.fecha_compromiso >= v.fecha_solicitud, {
    path: ['fecha_compromiso'],
    message: COMPROMISO_ANTERIOR,
    when: fechasValidas('fecha_compromiso'),
  })
  .refine((v) => !v.fecha_entrega || v.fecha_entrega >= v.fecha_solicitud, {
    path: ['fecha_entrega'],
    message: ENTREGA_ANTERIOR,
    when: fechasValidas('fecha_entrega'),
  });
export type DesarrolloInput = z.input<typeof desarrolloInput>;
export type DesarrolloValues = z.output<typeof desarrolloInput>;

/** `POST /api/desarrollos/:id/estado`: moves a development; refused (409) when the table does not allow it. */
export const desarrolloEstadoInput = z.object({ estado: z.enum(DESARROLLO_ESTADOS, { error: 'Estado inválido' }) }).strict();

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
/** Bulk actions on the developments list (issue 21): delete, move to a state (by the board's rules) or set the priority. */
export const desarrolloLote = loteBody(desarrolloExportQuery, {
  estado: z.enum(DESARROLLO_ESTADOS, { error: 'Estado inválido' }),
  prioridad: desarrolloInput.shape.prioridad.unwrap(),
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
  z.object({ estado: z.enum(DESARROLLO_ESTADOS), total: z.number().int().nonnegative(), items: z.array(desarrolloFila) }),
);
export type Tablero = z.infer<typeof tablero>;

/** `GET /api/desarrollos/opciones`: the staff (responsables) and the versions per product, for forms and filters. */
export const desarrolloOpciones = z.object({
  responsables: z.array(z.object({ id: z.number().int(), nombre: z.string(), activo: z.boolean() })),
  versiones: z.array(z.object({ id: z.number().int(), producto_id: z.number().int(), numero: z.string(), estado: z.string() })),
});
export type DesarrolloOpciones = z.infer<typeof desarrolloOpciones>;
