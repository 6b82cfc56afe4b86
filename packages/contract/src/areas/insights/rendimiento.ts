import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam, MAX_ID } from '@intranet/contract/shared/list';
import { NIVELES } from '../insights.ts';

// ---- Monitor de errores: rendimiento. Transactions and spans the SDKs send (tracing), grouped by name, one
// transaction's span waterfall, a trace's transactions and errors, and alert rules on a transaction's p95. ----

/** The ranges the Rendimiento tab offers, and their length in hours. */
export const RENDIMIENTO_RANGOS = ['24h', '7d', '14d', '30d'] as const;
export type RendimientoRango = (typeof RENDIMIENTO_RANGOS)[number];
export const RANGO_HORAS: Record<RendimientoRango, number> = { '24h': 24, '7d': 168, '14d': 336, '30d': 720 };

/** Statuses that do not count as a failure (as Sentry's failure rate counts them). */
export const ESTADOS_SIN_FALLA = ['ok', 'cancelled', 'unknown'] as const;

const texto = (max: number, campo: string) =>
  z.string().trim().min(1, `${campo} vacío`).max(max, `${campo}: máximo ${max} caracteres`);
const id = z.coerce
  .number({ error: 'Id inválido' })
  .int('Id inválido')
  .positive('Id inválido')
  .max(MAX_ID, 'Id inválido');
const hex = (n: number, mensaje: string) => z.string().regex(new RegExp(`^[0-9a-f]{${n}}$`), mensaje);

/** The filters of the Rendimiento tab and of a name's transactions. */
export const rendimientoQuery = z
  .object({
    rango: z.enum(RENDIMIENTO_RANGOS, { error: 'Rango inválido: 24h, 7d, 14d o 30d' }).default('24h'),
    environment: texto(200, 'Entorno').optional(),
    release: texto(200, 'Release').optional(),
  })
  .strict();
export type RendimientoQuery = z.input<typeof rendimientoQuery>;

export const transaccionesQuery = rendimientoQuery.extend({ nombre: texto(500, 'Transacción') }).strict();

/** One transaction name over the range. Durations in milliseconds. */
export const rendimientoFila = z.object({
  nombre: z.string(),
  cantidad: z.number().int(),
  /** Transactions per minute over the whole range. */
  por_minuto: z.number(),
  p50: z.number(),
  p75: z.number(),
  p95: z.number(),
  /** Share (0..1) whose status is not ok, cancelled or unknown. */
  tasa_fallas: z.number(),
});
export type RendimientoFila = z.infer<typeof rendimientoFila>;

export const rendimiento = z.object({
  filas: z.array(rendimientoFila),
  /** Transactions per UTC day over the range (every day, zero included), for the chart. */
  serie: z.array(z.object({ fecha: z.string(), cantidad: z.number().int() })),
  /** What the filters offer: the environments and releases seen in the project's transactions of the range. */
  environments: z.array(z.string()),
  releases: z.array(z.string()),
});
export type Rendimiento = z.infer<typeof rendimiento>;

export const transaccionResumen = z.object({
  event_id: z.string(),
  nombre: z.string(),
  trace_id: z.string(),
  op: z.string().nullable(),
  estado: z.string(),
  inicio: z.string(),
  duracion_ms: z.number(),
  release: z.string().nullable(),
  environment: z.string().nullable(),
  spans: z.number().int(),
});
export type TransaccionResumen = z.infer<typeof transaccionResumen>;

export const span = z.object({
  span_id: z.string(),
  parent_span_id: z.string().nullable(),
  op: z.string().nullable(),
  description: z.string().nullable(),
  /** ISO 8601 with milliseconds. */
  inicio: z.string(),
  duracion_ms: z.number(),
  estado: z.string().nullable(),
});
export type Span = z.infer<typeof span>;

export const transaccion = transaccionResumen.omit({ spans: true }).extend({
  span_id: z.string(),
  parent_span_id: z.string().nullable(),
  fin: z.string(),
  spans: z.array(span),
});
export type Transaccion = z.infer<typeof transaccion>;

export const transaccionParams = z.object({ id, transaccion: hex(32, 'Id de transacción inválido') }).strict();
export const trazaParams = z.object({ traza: hex(32, 'Id de traza inválido') }).strict();

/**
 * A trace: the transactions and the error events sent with its trace_id, of every project (a browser's page load
 * and the API it called report to different projects of one trace).
 */
const deProyecto = { proyecto_id: z.number().int(), proyecto_nombre: z.string() };
export const traza = z.object({
  trace_id: z.string(),
  transacciones: z.array(transaccionResumen.extend(deProyecto)),
  errores: z.array(
    z.object({
      ...deProyecto,
      event_id: z.string(),
      issue_id: z.number().int(),
      titulo: z.string(),
      nivel: z.enum(NIVELES),
      fecha: z.string(),
      mensaje: z.string(),
    }),
  ),
});
export type Traza = z.infer<typeof traza>;

// ---- Alert rules: a transaction slower than N ms at p95 ----

const entero = (min: number, max: number, campo: string) =>
  z
    .number({ error: `${campo}: debe ser un número` })
    .int(`${campo}: debe ser un número entero`)
    .min(min, `${campo}: mínimo ${min}`)
    .max(max, `${campo}: máximo ${max}`);

export const reglaLentitudInput = z
  .object({
    transaccion: texto(500, 'Transacción'),
    p95_ms: entero(1, 3_600_000, 'p95'),
    ventana_minutos: entero(5, 1440, 'Ventana').default(60),
    minimo: entero(1, 100_000, 'Mínimo de transacciones').default(5),
  })
  .strict();
export type ReglaLentitudInput = z.input<typeof reglaLentitudInput>;

export const reglaLentitud = z.object({
  id: z.number().int(),
  transaccion: z.string(),
  p95_ms: z.number().int(),
  ventana_minutos: z.number().int(),
  minimo: z.number().int(),
  creado: z.string(),
});
export type ReglaLentitud = z.infer<typeof reglaLentitud>;

export const reglaParams = z.object({ id, regla: id }).strict();

const PROYECTOS = '/api/insights/proyectos' as const;
const missing = [400, 401, 403, 404] as const;

export const insightsRendimientoApi = {
  rendimiento: endpoint({
    method: 'GET',
    path: `${PROYECTOS}/:id/rendimiento`,
    summary: 'Rendimiento: transacciones agrupadas por nombre (por minuto, p50/p75/p95, tasa de fallas) y por día',
    params: idParam,
    query: rendimientoQuery,
    answer: envelope(rendimiento),
    errors: missing,
  }),
  transacciones: endpoint({
    method: 'GET',
    path: `${PROYECTOS}/:id/transacciones`,
    summary: 'Las transacciones más recientes de un nombre (hasta 100)',
    params: idParam,
    query: transaccionesQuery,
    answer: envelope(z.array(transaccionResumen)),
    errors: missing,
  }),
  transaccion: endpoint({
    method: 'GET',
    path: `${PROYECTOS}/:id/transacciones/:transaccion`,
    summary: 'Una transacción con sus spans',
    params: transaccionParams,
    answer: envelope(transaccion),
    errors: missing,
  }),
  traza: endpoint({
    method: 'GET',
    path: '/api/insights/trazas/:traza',
    summary: 'Una traza: sus transacciones y los errores enviados con su trace_id, de todos los proyectos',
    params: trazaParams,
    answer: envelope(traza),
    errors: missing,
  }),
  reglasLentitud: endpoint({
    method: 'GET',
    path: `${PROYECTOS}/:id/reglas-lentitud`,
    summary: 'Alertas de lentitud del proyecto: el p95 de una transacción por encima de N ms',
    params: idParam,
    answer: envelope(z.array(reglaLentitud)),
    errors: missing,
  }),
  crearReglaLentitud: endpoint({
    method: 'POST',
    path: `${PROYECTOS}/:id/reglas-lentitud`,
    summary: 'Crea (o cambia, por nombre de transacción) una alerta de lentitud',
    params: idParam,
    body: reglaLentitudInput,
    answer: envelope(reglaLentitud),
    errors: missing,
  }),
  eliminarReglaLentitud: endpoint({
    method: 'DELETE',
    path: `${PROYECTOS}/:id/reglas-lentitud/:regla`,
    summary: 'Elimina una alerta de lentitud',
    params: reglaParams,
    answer: okBody,
    errors: missing,
  }),
};
