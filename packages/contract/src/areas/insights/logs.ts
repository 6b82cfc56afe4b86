import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';

// ---- Monitor de errores: logs. What the SDKs send with `enableLogs` (`Sentry.logger.info(...)`), kept per
// project, searched by level, text and time, newest first, each with its trace. ----

export const LOG_NIVELES = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogNivel = (typeof LOG_NIVELES)[number];
export const LOG_NIVEL_NOMBRES: Record<LogNivel, string> = {
  trace: 'Traza',
  debug: 'Depuración',
  info: 'Información',
  warn: 'Advertencia',
  error: 'Error',
  fatal: 'Fatal',
};

/** The most logs one page brings. */
export const LOGS_MAX_PAGINA = 200;

const instante = (campo: string) => z.iso.datetime({ offset: true, error: `${campo}: fecha inválida (ISO 8601)` });

/** Where the next page starts: the last row's time and id (`2026-11-29T10:00:00.000Z~123`). */
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z~\d{1,16}$/;

export const logsQuery = z
  .object({
    nivel: z.enum(LOG_NIVELES, { error: 'Nivel inválido: trace, debug, info, warn, error o fatal' }).optional(),
    /** Text in the body, any case. */
    q: z.string().trim().max(200, 'Texto: máximo 200 caracteres').optional(),
    desde: instante('Desde').optional(),
    hasta: instante('Hasta').optional(),
    trace_id: z
      .string()
      .regex(/^[0-9a-f]{32}$/, 'Id de traza inválido')
      .optional(),
    cursor: z.string().regex(CURSOR, 'Cursor inválido').optional(),
    size: z.coerce
      .number({ error: 'Tamaño inválido' })
      .int('Tamaño inválido')
      .min(1, 'Mínimo 1')
      .max(LOGS_MAX_PAGINA, `Máximo ${LOGS_MAX_PAGINA}`)
      .default(50),
  })
  .strict()
  .refine((q) => !q.desde || !q.hasta || Date.parse(q.desde) <= Date.parse(q.hasta), {
    path: ['hasta'],
    message: 'Hasta es anterior a Desde',
  });
export type LogsQuery = z.input<typeof logsQuery>;

export const logItem = z.object({
  id: z.number().int(),
  fecha: z.string(),
  nivel: z.enum(LOG_NIVELES),
  cuerpo: z.string(),
  trace_id: z.string().nullable(),
  atributos: z.record(
    z.string(),
    z.object({ value: z.union([z.string(), z.number(), z.boolean()]), type: z.string() }),
  ),
  release: z.string().nullable(),
  environment: z.string().nullable(),
  /** An error event of the project sent with the same trace_id, if one is kept. */
  evento: z.object({ issue_id: z.number().int(), event_id: z.string() }).nullable(),
});
export type LogItem = z.infer<typeof logItem>;

export const logsPage = z.object({
  items: z.array(logItem),
  /** The `cursor` of the next page; null on the last one. */
  siguiente: z.string().nullable(),
});
export type LogsPage = z.infer<typeof logsPage>;

export const insightsLogsApi = {
  logs: endpoint({
    method: 'GET',
    path: '/api/insights/proyectos/:id/logs',
    summary: 'Logs del proyecto (Sentry.logger), los más recientes primero, por nivel, texto y período',
    params: idParam,
    query: logsQuery,
    answer: envelope(logsPage),
    errors: [400, 401, 403, 404],
  }),
};
