import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import { requiredText } from '@intranet/contract/shared/validators';

// Cron monitors: scheduled jobs watched by the check-ins the Sentry SDKs send (`Sentry.withMonitor`,
// `captureCheckIn`). A monitor is created by its first check-in or by hand; a run that does not check in within
// its margin is "missed", one that stays in progress past its maximum runtime "timeout".

export const PROGRAMA_TIPOS = ['crontab', 'interval'] as const;
export const UNIDADES_INTERVALO = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
export type UnidadIntervalo = (typeof UNIDADES_INTERVALO)[number];
export const CHECKIN_ESTADOS = ['in_progress', 'ok', 'error', 'missed', 'timeout'] as const;
export type CheckinEstado = (typeof CHECKIN_ESTADOS)[number];

export const CHECKIN_ESTADO_NOMBRES: Record<CheckinEstado, string> = {
  in_progress: 'En curso',
  ok: 'Correcta',
  error: 'Con error',
  missed: 'Perdida',
  timeout: 'Excedida',
};

/** The most a margin or a maximum runtime may be, in minutes (a day). */
export const MAX_MINUTOS_MONITOR = 1440;

const SLUG = /^[a-z0-9]+([-_][a-z0-9]+)*$/;

const minutos = (defecto: number) =>
  z.coerce
    .number({ error: 'Debe ser un número' })
    .int('Debe ser un número entero')
    .min(1, 'Mínimo 1')
    .max(MAX_MINUTOS_MONITOR, `Máximo ${MAX_MINUTOS_MONITOR}`)
    .default(defecto);

/**
 * `POST /api/insights/proyectos/:id/monitores`, `PUT /api/insights/monitores/:id`. The crontab line is checked by
 * the server (cron-parser), as is the time zone.
 */
export const monitorInput = z
  .object({
    nombre: requiredText(100),
    slug: z
      .string({ error: 'Este campo es requerido' })
      .trim()
      .min(1, 'Este campo es requerido')
      .max(100, 'Máximo 100 caracteres')
      .regex(SLUG, 'Solo minúsculas, números, guiones y guiones bajos (p. ej. "backup-diario")'),
    programa_tipo: z.enum(PROGRAMA_TIPOS, { error: 'Elija crontab o intervalo' }),
    crontab: z.string().trim().max(100, 'Máximo 100 caracteres').nullish(),
    intervalo: z.coerce
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(1, 'Mínimo 1')
      .max(10_000, 'Máximo 10000')
      .nullish(),
    unidad: z.enum(UNIDADES_INTERVALO, { error: 'Unidad inválida' }).nullish(),
    margen_minutos: minutos(1),
    max_minutos: minutos(30),
    zona: z.string().trim().min(1, 'Este campo es requerido').max(64, 'Máximo 64 caracteres').default('UTC'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.programa_tipo === 'crontab' && !v.crontab)
      ctx.addIssue({ code: 'custom', path: ['crontab'], message: 'Este campo es requerido' });
    if (v.programa_tipo === 'interval') {
      if (v.intervalo == null)
        ctx.addIssue({ code: 'custom', path: ['intervalo'], message: 'Este campo es requerido' });
      if (v.unidad == null) ctx.addIssue({ code: 'custom', path: ['unidad'], message: 'Este campo es requerido' });
    }
  });
export type MonitorInput = z.input<typeof monitorInput>;
export type MonitorDatos = z.output<typeof monitorInput>;

export const checkin = z.object({
  id: z.number(),
  check_in_id: z.string(),
  estado: z.enum(CHECKIN_ESTADOS),
  /** When the run started (or was expected, for a missed one). */
  fecha: z.string(),
  /** Seconds. */
  duracion: z.number().nullable(),
  environment: z.string().nullable(),
  release: z.string().nullable(),
});
export type Checkin = z.infer<typeof checkin>;

export const monitor = z.object({
  id: z.number(),
  proyecto_id: z.number(),
  nombre: z.string(),
  slug: z.string(),
  programa_tipo: z.enum(PROGRAMA_TIPOS),
  crontab: z.string().nullable(),
  intervalo: z.number().nullable(),
  unidad: z.enum(UNIDADES_INTERVALO).nullable(),
  margen_minutos: z.number(),
  max_minutos: z.number(),
  zona: z.string(),
  /** The next run expected, or null. */
  proxima: z.string().nullable(),
  ultimo_checkin: z.string().nullable(),
  ultimo_estado: z.enum(CHECKIN_ESTADOS).nullable(),
  /** Among the check-ins kept (the retention's days). */
  perdidas: z.number(),
  fallidas: z.number(),
  excedidas: z.number(),
  /** The latest few, newest first. */
  ultimos: z.array(checkin),
  creado: z.string(),
});
export type Monitor = z.infer<typeof monitor>;

export const monitorDetalle = monitor.extend({
  /** Newest first, up to 500. */
  checkins: z.array(checkin),
});
export type MonitorDetalle = z.infer<typeof monitorDetalle>;

const UNIDAD_NOMBRES: Record<UnidadIntervalo, [string, string]> = {
  minute: ['minuto', 'minutos'],
  hour: ['hora', 'horas'],
  day: ['día', 'días'],
  week: ['semana', 'semanas'],
  month: ['mes', 'meses'],
  year: ['año', 'años'],
};
const DIAS = ['domingos', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábados', 'domingos'];
const ALIAS: Record<string, string> = {
  '@hourly': '0 * * * *',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@weekly': '0 0 * * 0',
  '@monthly': '0 0 1 * *',
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
};

const entero = (s: string | undefined, max: number) => (s && /^\d+$/.test(s) && Number(s) <= max ? Number(s) : null);
const hhmm = (h: number, m: number) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;

/** A crontab line in words ("Todos los días a las 03:30"); the line itself when it is not a common shape. */
export function describirCrontab(crontab: string): string {
  const linea = ALIAS[crontab.trim().toLowerCase()] ?? crontab.trim();
  const [mi, ho, dm, me, ds, ...resto] = linea.split(/\s+/);
  if (resto.length > 0 || ds === undefined) return `Crontab ${crontab}`;
  const minuto = entero(mi, 59);
  const hora = entero(ho, 23);
  const cadaMin = /^\*\/(\d+)$/.exec(mi ?? '');
  const cadaHora = /^\*\/(\d+)$/.exec(ho ?? '');
  if (dm === '*' && me === '*' && ds === '*') {
    if (mi === '*' && ho === '*') return 'Cada minuto';
    if (cadaMin && ho === '*') return `Cada ${cadaMin[1]} minutos`;
    if (minuto !== null && ho === '*')
      return minuto === 0 ? 'Cada hora, en punto' : `Cada hora, en el minuto ${minuto}`;
    if (minuto !== null && cadaHora) return `Cada ${cadaHora[1]} horas, en el minuto ${minuto}`;
    if (minuto !== null && hora !== null) return `Todos los días a las ${hhmm(hora, minuto)}`;
  }
  if (minuto !== null && hora !== null && me === '*') {
    const dia = entero(ds, 7);
    if (dm === '*' && dia !== null) return `Los ${DIAS[dia]} a las ${hhmm(hora, minuto)}`;
    if (dm === '*' && ds === '1-5') return `De lunes a viernes a las ${hhmm(hora, minuto)}`;
    const diaMes = entero(dm, 31);
    if (diaMes !== null && ds === '*') return `El día ${diaMes} de cada mes a las ${hhmm(hora, minuto)}`;
  }
  return `Crontab ${crontab}`;
}

/** A monitor's schedule in words, with its zone when it is not UTC. */
export function describirPrograma(m: {
  programa_tipo: (typeof PROGRAMA_TIPOS)[number];
  crontab: string | null;
  intervalo: number | null;
  unidad: UnidadIntervalo | null;
  zona: string;
}): string {
  if (m.programa_tipo === 'interval') {
    const [uno, varios] = UNIDAD_NOMBRES[m.unidad ?? 'minute'];
    const n = m.intervalo ?? 1;
    return n === 1 ? `Cada ${uno}` : `Cada ${n} ${varios}`;
  }
  const texto = describirCrontab(m.crontab ?? '');
  return m.zona === 'UTC' ? `${texto} (UTC)` : `${texto} (${m.zona})`;
}

const BASE = '/api/insights';
const missing = [400, 401, 403, 404] as const;
const conflicto = [400, 401, 403, 404, 409] as const;

export const monitoresApi = {
  monitoresProyecto: endpoint({
    method: 'GET',
    path: `${BASE}/proyectos/:id/monitores`,
    summary:
      'Monitores de cron del proyecto, con sus últimos check-ins y conteos de ejecuciones perdidas, fallidas y excedidas',
    params: idParam,
    answer: envelope(z.array(monitor)),
    errors: missing,
  }),
  crearMonitor: endpoint({
    method: 'POST',
    path: `${BASE}/proyectos/:id/monitores`,
    summary: 'Crea un monitor de cron a mano',
    params: idParam,
    body: monitorInput,
    answer: envelope(monitor),
    status: 201,
    errors: conflicto,
  }),
  monitor: endpoint({
    method: 'GET',
    path: `${BASE}/monitores/:id`,
    summary: 'Un monitor de cron con el historial de sus check-ins',
    params: idParam,
    answer: envelope(monitorDetalle),
    errors: missing,
  }),
  modificarMonitor: endpoint({
    method: 'PUT',
    path: `${BASE}/monitores/:id`,
    summary: 'Cambia el nombre, el programa, el margen, la duración máxima o la zona de un monitor de cron',
    params: idParam,
    body: monitorInput,
    answer: envelope(monitor),
    errors: conflicto,
  }),
  eliminarMonitor: endpoint({
    method: 'DELETE',
    path: `${BASE}/monitores/:id`,
    summary: 'Elimina un monitor de cron con sus check-ins',
    params: idParam,
    answer: okBody,
    errors: missing,
  }),
};
