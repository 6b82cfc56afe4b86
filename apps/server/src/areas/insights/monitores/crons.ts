import { randomUUID } from 'node:crypto';
import type { FieldErrors } from '@intranet/contract/shared/envelope';
import {
  type Checkin,
  type CheckinEstado,
  MAX_MINUTOS_MONITOR,
  type Monitor,
  type MonitorDatos,
  type MonitorDetalle,
  UNIDADES_INTERVALO,
  type UnidadIntervalo,
} from '@intranet/contract/areas/insights/monitores';
import cronParser from 'cron-parser';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '../../../core/api-error.ts';
import type { TareaDef } from '../../../area.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { insightsCheckins, insightsMonitores, insightsProyectos } from '../../../db/schema.ts';
import { columnValues, wireRow } from '../../../db/wire.ts';

// Cron monitors: the `check_in` items the SDKs send around a scheduled job (`Sentry.withMonitor`, `captureCheckIn`,
// and the portal's own jobs, crons-propios.ts). A monitor is per project and slug, created by its first check-in
// with a `monitor_config` (or by hand); its `proxima` is the run expected next, which the detection job below
// turns into a 'missed' check-in once its margin passed with no check-in. An in_progress check-in older than the
// monitor's maximum runtime becomes 'timeout'.

/** How a monitor's runs are expected, and how late or long they may be. */
export interface ConfigMonitor {
  programaTipo: 'crontab' | 'interval';
  crontab: string | null;
  intervalo: number | null;
  unidad: UnidadIntervalo | null;
  margenMinutos: number;
  maxMinutos: number;
  zona: string;
}

export interface CheckinRecibido {
  checkInId: string;
  slug: string;
  estado: 'in_progress' | 'ok' | 'error';
  /** Seconds, as the SDK measured. */
  duracion: number | null;
  environment: string | null;
  release: string | null;
  config: ConfigMonitor | null;
  /** The name a monitor this check-in creates is given (the slug unless said). */
  nombre?: string;
}

/** Sentry's defaults when a monitor_config leaves them out. */
const MARGEN_DEFECTO = 1;
const MAX_DEFECTO = 30;
/** A run that reports this little before its slot (a clock a bit ahead) still counts for that slot. */
const TOLERANCIA_MS = 5_000;
/** Missed runs written at once for one monitor: one unwatched for long gets its latest ones, not thousands. */
const MAX_PERDIDAS = 50;
const ULTIMOS = 5;
const MAX_HISTORIAL = 500;

export const MOTIVO_CHECKIN_INVALIDO = 'Check-in inválido';
export const MOTIVO_SIN_MONITOR = 'Monitor desconocido y sin monitor_config';
export const MOTIVO_TERMINADO = 'El check-in ya había terminado';

const ALIAS = new Set(['@hourly', '@daily', '@midnight', '@weekly', '@monthly', '@yearly', '@annually']);

/** Why a crontab line is not valid, in Spanish; null when it is. */
export function errorDeCrontab(crontab: string): string | null {
  const linea = crontab.trim();
  if (linea === '') return 'Este campo es requerido';
  const alias = ALIAS.has(linea.toLowerCase());
  if (!alias && linea.split(/\s+/).length !== 5)
    return 'Debe tener 5 campos: minuto, hora, día del mes, mes y día de la semana (p. ej. "0 * * * *")';
  try {
    cronParser.parseExpression(alias ? linea.toLowerCase() : linea, { tz: 'UTC' });
    return null;
  } catch (err) {
    return `Crontab inválido: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** Why a time zone is not valid; null when it is. */
export function errorDeZona(zona: string): string | null {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zona });
    return null;
  } catch {
    return 'Zona horaria desconocida (p. ej. America/Argentina/Buenos_Aires o UTC)';
  }
}

function sumar(fecha: Date, n: number, unidad: UnidadIntervalo): Date {
  const d = new Date(fecha.getTime());
  switch (unidad) {
    case 'minute':
      return new Date(d.getTime() + n * 60_000);
    case 'hour':
      return new Date(d.getTime() + n * 3_600_000);
    case 'day':
      return new Date(d.getTime() + n * 86_400_000);
    case 'week':
      return new Date(d.getTime() + n * 7 * 86_400_000);
    case 'month':
      d.setUTCMonth(d.getUTCMonth() + n);
      return d;
    case 'year':
      d.setUTCFullYear(d.getUTCFullYear() + n);
      return d;
  }
}

const expresion = (c: ConfigMonitor, desde: Date) =>
  cronParser.parseExpression(
    ALIAS.has((c.crontab ?? '').trim().toLowerCase()) ? c.crontab!.trim().toLowerCase() : c.crontab!,
    {
      currentDate: desde,
      tz: c.zona,
    },
  );

/** The first run the schedule expects after `despues`; null when it expects none. */
export function siguienteEsperada(c: ConfigMonitor, despues: Date): Date | null {
  try {
    if (c.programaTipo === 'interval') return c.intervalo && c.unidad ? sumar(despues, c.intervalo, c.unidad) : null;
    return expresion(c, despues).next().toDate();
  } catch {
    return null;
  }
}

/**
 * The run expected after one that started at `inicio`: a crontab's next slot after the one this run was for, an
 * interval's `inicio` plus the interval.
 */
export function esperadaTras(c: ConfigMonitor, inicio: Date): Date | null {
  if (c.programaTipo === 'interval') return siguienteEsperada(c, inicio);
  try {
    const slot = expresion(c, new Date(inicio.getTime() + TOLERANCIA_MS))
      .prev()
      .toDate();
    return siguienteEsperada(c, slot);
  } catch {
    return null;
  }
}

// ---- The SDK's item ----

const texto = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null;
const numero = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const acotar = (v: unknown, defecto: number) =>
  Math.min(MAX_MINUTOS_MONITOR, Math.max(1, Math.round(numero(v) ?? defecto)));

/** A slug as Sentry keeps it: lowercase letters, digits, hyphens and underscores. */
export function slugDe(v: string): string {
  return v
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/[-_]{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 100);
}

/** A `monitor_config` as the monitor's configuration, or why it is not valid. */
export function configDe(raw: unknown): ConfigMonitor | { motivo: string } {
  const invalida = (detalle: string) => ({ motivo: `Configuración del monitor inválida: ${detalle}` });
  if (raw === null || typeof raw !== 'object') return invalida('no es un objeto');
  const o = raw as Record<string, unknown>;
  const s = (o.schedule ?? null) as Record<string, unknown> | null;
  if (!s || typeof s !== 'object') return invalida('falta schedule');
  const zona = texto(o.timezone, 64) ?? 'UTC';
  if (errorDeZona(zona)) return invalida(`zona horaria ${zona}`);
  const base = {
    margenMinutos: acotar(o.checkin_margin, MARGEN_DEFECTO),
    maxMinutos: acotar(o.max_runtime, MAX_DEFECTO),
    zona,
  };
  if (s.type === 'crontab') {
    const crontab = texto(s.value, 100);
    const error = crontab === null ? 'falta el crontab' : errorDeCrontab(crontab);
    if (error || crontab === null) return invalida(error ?? 'falta el crontab');
    return { programaTipo: 'crontab', crontab, intervalo: null, unidad: null, ...base };
  }
  if (s.type === 'interval') {
    const n = numero(s.value);
    const unidad = UNIDADES_INTERVALO.find((u) => u === s.unit);
    if (n === null || !Number.isInteger(n) || n < 1 || n > 10_000) return invalida('intervalo');
    if (!unidad) return invalida('unidad del intervalo');
    return { programaTipo: 'interval', crontab: null, intervalo: n, unidad, ...base };
  }
  return invalida('schedule.type debe ser crontab o interval');
}

/** A `check_in` item's JSON as a check-in, or why it is dropped. */
export function checkinDe(raw: unknown): CheckinRecibido | { motivo: string } {
  if (raw === null || typeof raw !== 'object') return { motivo: MOTIVO_CHECKIN_INVALIDO };
  const o = raw as Record<string, unknown>;
  const id = typeof o.check_in_id === 'string' ? o.check_in_id.replaceAll('-', '').toLowerCase() : '';
  if (!/^[0-9a-f]{32}$/.test(id)) return { motivo: `${MOTIVO_CHECKIN_INVALIDO}: check_in_id` };
  const slug = typeof o.monitor_slug === 'string' ? slugDe(o.monitor_slug) : '';
  if (slug === '') return { motivo: `${MOTIVO_CHECKIN_INVALIDO}: monitor_slug` };
  const estado = o.status;
  if (estado !== 'in_progress' && estado !== 'ok' && estado !== 'error')
    return { motivo: `${MOTIVO_CHECKIN_INVALIDO}: status` };
  const duracion = numero(o.duration);
  let config: ConfigMonitor | null = null;
  if (o.monitor_config !== undefined && o.monitor_config !== null) {
    const c = configDe(o.monitor_config);
    if ('motivo' in c) return c;
    config = c;
  }
  return {
    checkInId: id,
    slug,
    estado,
    duracion: duracion !== null && duracion >= 0 ? duracion : null,
    environment: texto(o.environment, 200),
    release: texto(o.release, 200),
    config,
  };
}

// ---- Storage ----

type FilaMonitor = typeof insightsMonitores.$inferSelect;

const configDeFila = (m: FilaMonitor): ConfigMonitor => ({
  programaTipo: m.programaTipo,
  crontab: m.crontab,
  intervalo: m.intervalo,
  unidad: m.unidad,
  margenMinutos: m.margenMinutos,
  maxMinutos: m.maxMinutos,
  zona: m.zona,
});

const columnasConfig = (c: ConfigMonitor) => ({
  programaTipo: c.programaTipo,
  crontab: c.crontab,
  intervalo: c.intervalo,
  unidad: c.unidad,
  margenMinutos: c.margenMinutos,
  maxMinutos: c.maxMinutos,
  zona: c.zona,
});

const mismaConfig = (a: ConfigMonitor, b: ConfigMonitor) =>
  (Object.keys(a) as (keyof ConfigMonitor)[]).every((k) => a[k] === b[k]);

/**
 * Stores a check-in: creates its monitor on the first one with a config (and updates the config when a later one
 * differs), updates the check-in it names when that one is in progress, or adds it. Answers why it was dropped,
 * or null when kept. The intake and the portal's own jobs both write through here.
 */
export async function guardarCheckin(
  db: Db,
  proyectoId: number,
  c: CheckinRecibido,
  ahora = new Date(),
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const buscar = async () =>
      (
        await tx
          .select()
          .from(insightsMonitores)
          .where(and(eq(insightsMonitores.proyectoId, proyectoId), eq(insightsMonitores.slug, c.slug)))
          .for('update')
      )[0];
    let m = await buscar();
    if (!m) {
      if (!c.config) return MOTIVO_SIN_MONITOR;
      [m] = await tx
        .insert(insightsMonitores)
        .values({
          proyectoId,
          slug: c.slug,
          nombre: c.nombre ?? c.slug,
          ...columnasConfig(c.config),
          proxima: siguienteEsperada(c.config, ahora),
        })
        .onConflictDoNothing()
        .returning();
      m ??= await buscar();
      if (!m) return MOTIVO_SIN_MONITOR;
    } else if (c.config && !mismaConfig(configDeFila(m), c.config)) {
      [m] = await tx
        .update(insightsMonitores)
        .set({ ...columnasConfig(c.config), proxima: siguienteEsperada(c.config, ahora), actualizado: ahora })
        .where(eq(insightsMonitores.id, m.id))
        .returning();
      if (!m) return MOTIVO_SIN_MONITOR;
    }
    const monitorId = m.id;
    const [previo] = await tx
      .select({ id: insightsCheckins.id, fecha: insightsCheckins.fecha, estado: insightsCheckins.estado })
      .from(insightsCheckins)
      .where(and(eq(insightsCheckins.monitorId, monitorId), eq(insightsCheckins.checkInId, c.checkInId)))
      .limit(1);
    if (previo) {
      if (previo.estado !== 'in_progress') return MOTIVO_TERMINADO;
      // The same run said it started again (an SDK's retry): nothing changes.
      if (c.estado === 'in_progress') return null;
      await tx
        .update(insightsCheckins)
        .set({
          estado: c.estado,
          duracion: c.duracion ?? (ahora.getTime() - previo.fecha.getTime()) / 1000,
          recibido: ahora,
          ...(c.environment ? { environment: c.environment } : {}),
          ...(c.release ? { release: c.release } : {}),
        })
        .where(and(eq(insightsCheckins.fecha, previo.fecha), eq(insightsCheckins.id, previo.id)));
      await tx
        .update(insightsMonitores)
        .set({ ultimoEstado: c.estado, ultimoCheckin: ahora })
        .where(eq(insightsMonitores.id, monitorId));
      return null;
    }
    // A finished run reported only at its end started `duracion` seconds ago.
    const fecha =
      c.estado !== 'in_progress' && c.duracion !== null ? new Date(ahora.getTime() - c.duracion * 1000) : ahora;
    await tx.insert(insightsCheckins).values({
      proyectoId,
      monitorId,
      checkInId: c.checkInId,
      estado: c.estado,
      fecha,
      duracion: c.duracion,
      environment: c.environment,
      release: c.release,
      recibido: ahora,
    });
    await tx
      .update(insightsMonitores)
      .set({ ultimoEstado: c.estado, ultimoCheckin: ahora, proxima: esperadaTras(configDeFila(m), fecha) })
      .where(eq(insightsMonitores.id, monitorId));
    return null;
  });
}

// ---- Detection ----

export interface Revision {
  perdidas: number;
  excedidas: number;
}

/**
 * Writes a 'missed' check-in for each expected run whose margin passed with no check-in, and turns the in_progress
 * check-ins older than their monitor's maximum runtime into 'timeout'. `ahora` is a parameter so that tests
 * control the clock.
 */
export async function revisarMonitores(db: Db, ahora = new Date()): Promise<Revision> {
  const iso = ahora.toISOString();
  const vencidos = await db
    .select()
    .from(insightsMonitores)
    .where(
      sql`${insightsMonitores.proxima} + make_interval(mins => ${insightsMonitores.margenMinutos})
        < ${iso}::timestamptz`,
    );
  let perdidas = 0;
  for (const m of vencidos) {
    const config = configDeFila(m);
    const margen = m.margenMinutos * 60_000;
    const filas: (typeof insightsCheckins.$inferInsert)[] = [];
    let proxima: Date | null = m.proxima;
    while (proxima && proxima.getTime() + margen < ahora.getTime() && filas.length < MAX_PERDIDAS) {
      filas.push({
        proyectoId: m.proyectoId,
        monitorId: m.id,
        checkInId: randomUUID().replaceAll('-', ''),
        estado: 'missed',
        fecha: proxima,
        recibido: ahora,
      });
      proxima = siguienteEsperada(config, proxima);
    }
    // Past the cap, the runs in between are skipped: the next one expected is the next still within its margin.
    if (proxima && proxima.getTime() + margen < ahora.getTime())
      proxima = siguienteEsperada(config, new Date(ahora.getTime() - margen));
    await db.transaction(async (tx) => {
      // Only if no check-in moved it meanwhile: that run was not missed after all.
      const movido = await tx
        .update(insightsMonitores)
        .set({ proxima, ultimoEstado: 'missed' })
        .where(and(eq(insightsMonitores.id, m.id), eq(insightsMonitores.proxima, m.proxima!)))
        .returning({ id: insightsMonitores.id });
      if (movido.length === 0 || filas.length === 0) return;
      await tx.insert(insightsCheckins).values(filas);
      perdidas += filas.length;
    });
  }
  const excedidas = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ monitor_id: number }>(sql`
      update insights_checkins c set estado = 'timeout', recibido = ${iso}::timestamptz
        from insights_monitores m
       where m.id = c.monitor_id and c.estado = 'in_progress'
         and c.fecha < ${iso}::timestamptz - make_interval(mins => m.max_minutos)
      returning c.monitor_id`);
    const ids = [...new Set(rows.map((r) => Number(r.monitor_id)))];
    if (ids.length > 0)
      await tx
        .update(insightsMonitores)
        .set({ ultimoEstado: 'timeout' })
        .where(and(inArray(insightsMonitores.id, ids), eq(insightsMonitores.ultimoEstado, 'in_progress')));
    return rows.length;
  });
  return { perdidas, excedidas };
}

/** Every minute: the runs that did not check in in time, and those that ran too long. */
export const revisarMonitoresTarea: TareaDef = {
  nombre: 'insights-monitores-cron',
  titulo: 'Revisar monitores de cron',
  descripcion:
    'Marca como perdidas las ejecuciones esperadas de los monitores de cron que no avisaron dentro de su margen, y como excedidas las que siguen en curso pasada su duración máxima.',
  cron: () => '* * * * *',
  programacion: () => 'Cada minuto',
  limiteSegundos: 5 * 60,
  ejecutar: async ({ db }) => {
    const r = await revisarMonitores(db);
    if (r.perdidas === 0 && r.excedidas === 0) return 'Ninguna ejecución perdida ni excedida.';
    return `Ejecuciones perdidas: ${r.perdidas}; excedidas: ${r.excedidas}.`;
  },
};

// ---- Reading and editing ----

const aCheckin = (f: typeof insightsCheckins.$inferSelect): Checkin => ({
  ...wireRow(insightsCheckins, f),
  fecha: f.fecha.toISOString(),
});

async function existeProyecto(db: Executor, id: number): Promise<void> {
  const [p] = await db.select({ id: insightsProyectos.id }).from(insightsProyectos).where(eq(insightsProyectos.id, id));
  if (!p) throw new ApiError(404, 'El proyecto no existe');
}

async function conResumen(db: Executor, monitores: FilaMonitor[]): Promise<Monitor[]> {
  if (monitores.length === 0) return [];
  const ids = monitores.map((m) => m.id);
  const conteos = await db
    .select({
      monitorId: insightsCheckins.monitorId,
      perdidas: sql<number>`count(*) filter (where ${insightsCheckins.estado} = 'missed')::int`,
      fallidas: sql<number>`count(*) filter (where ${insightsCheckins.estado} = 'error')::int`,
      excedidas: sql<number>`count(*) filter (where ${insightsCheckins.estado} = 'timeout')::int`,
    })
    .from(insightsCheckins)
    // Only the failed ones are read (their partial index): a job every minute leaves thousands of 'ok' a day.
    .where(
      and(inArray(insightsCheckins.monitorId, ids), sql`${insightsCheckins.estado} in ('missed', 'error', 'timeout')`),
    )
    .groupBy(insightsCheckins.monitorId);
  const { rows: ultimos } = await db.execute<{
    id: string | number;
    monitor_id: number;
    check_in_id: string;
    estado: CheckinEstado;
    fecha: string | Date;
    duracion: number | null;
    environment: string | null;
    release: string | null;
  }>(sql`
    select u.* from unnest(${sql.raw(`array[${ids.map(Number).join(',')}]::int[]`)}) as m(id)
      cross join lateral (
        select c.id, c.monitor_id, c.check_in_id, c.estado, c.fecha, c.duracion, c.environment, c.release
          from insights_checkins c where c.monitor_id = m.id order by c.fecha desc, c.id desc limit ${ULTIMOS}) u`);
  return monitores.map((m) => {
    const n = conteos.find((c) => c.monitorId === m.id);
    return {
      ...wireRow(insightsMonitores, m),
      proxima: m.proxima?.toISOString() ?? null,
      ultimo_checkin: m.ultimoCheckin?.toISOString() ?? null,
      perdidas: n?.perdidas ?? 0,
      fallidas: n?.fallidas ?? 0,
      excedidas: n?.excedidas ?? 0,
      ultimos: ultimos
        .filter((u) => Number(u.monitor_id) === m.id)
        .map((u) => ({
          id: Number(u.id),
          check_in_id: u.check_in_id,
          estado: u.estado,
          fecha: new Date(u.fecha).toISOString(),
          duracion: u.duracion === null ? null : Number(u.duracion),
          environment: u.environment,
          release: u.release,
        })),
      creado: m.creado.toISOString(),
    };
  });
}

export async function monitoresDeProyecto(db: Executor, proyectoId: number): Promise<Monitor[]> {
  await existeProyecto(db, proyectoId);
  const filas = await db
    .select()
    .from(insightsMonitores)
    .where(eq(insightsMonitores.proyectoId, proyectoId))
    .orderBy(insightsMonitores.nombre, insightsMonitores.id);
  return conResumen(db, filas);
}

async function filaMonitor(db: Executor, id: number): Promise<FilaMonitor> {
  const [m] = await db.select().from(insightsMonitores).where(eq(insightsMonitores.id, id));
  if (!m) throw new ApiError(404, 'El monitor no existe');
  return m;
}

export async function monitorDetalle(db: Executor, id: number): Promise<MonitorDetalle> {
  const m = await filaMonitor(db, id);
  const [resumen] = await conResumen(db, [m]);
  const checkins = await db
    .select()
    .from(insightsCheckins)
    .where(eq(insightsCheckins.monitorId, id))
    .orderBy(desc(insightsCheckins.fecha), desc(insightsCheckins.id))
    .limit(MAX_HISTORIAL);
  return { ...resumen!, checkins: checkins.map(aCheckin) };
}

/** The form's values as a configuration, or a Spanish 400 with the fields at fault. */
function configDeFormulario(d: MonitorDatos): ConfigMonitor {
  const campos: FieldErrors = {};
  if (d.programa_tipo === 'crontab') {
    const error = errorDeCrontab(d.crontab ?? '');
    if (error) campos.crontab = [error];
  }
  const errorZona = errorDeZona(d.zona);
  if (errorZona) campos.zona = [errorZona];
  if (Object.keys(campos).length > 0) throw new ApiError(400, 'Revise los datos del monitor', campos);
  const { margen_minutos, max_minutos, zona } = d;
  const limites = columnValues(insightsMonitores, { margen_minutos, max_minutos, zona });
  return d.programa_tipo === 'crontab'
    ? { programaTipo: 'crontab', crontab: d.crontab!.trim(), intervalo: null, unidad: null, ...limites }
    : { programaTipo: 'interval', crontab: null, intervalo: d.intervalo!, unidad: d.unidad!, ...limites };
}

const SLUG_REPETIDO = 'Ya hay un monitor con ese slug en el proyecto';
const esRepetido = (err: unknown) =>
  ((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23505';

export async function crearMonitor(db: Db, proyectoId: number, d: MonitorDatos, ahora = new Date()): Promise<Monitor> {
  await existeProyecto(db, proyectoId);
  const config = configDeFormulario(d);
  try {
    const [m] = await db
      .insert(insightsMonitores)
      .values({
        proyectoId,
        slug: d.slug,
        nombre: d.nombre,
        ...columnasConfig(config),
        proxima: siguienteEsperada(config, ahora),
      })
      .returning();
    return (await conResumen(db, [m!]))[0]!;
  } catch (err) {
    if (esRepetido(err)) throw new ApiError(409, SLUG_REPETIDO, { slug: [SLUG_REPETIDO] });
    throw err;
  }
}

export async function modificarMonitor(db: Db, id: number, d: MonitorDatos, ahora = new Date()): Promise<Monitor> {
  const previo = await filaMonitor(db, id);
  const config = configDeFormulario(d);
  // A new schedule counts from now: the runs the old one expected are not held against the new one.
  const proxima = mismaConfig(configDeFila(previo), config) ? previo.proxima : siguienteEsperada(config, ahora);
  try {
    const [m] = await db
      .update(insightsMonitores)
      .set({ slug: d.slug, nombre: d.nombre, ...columnasConfig(config), proxima, actualizado: ahora })
      .where(eq(insightsMonitores.id, id))
      .returning();
    return (await conResumen(db, [m!]))[0]!;
  } catch (err) {
    if (esRepetido(err)) throw new ApiError(409, SLUG_REPETIDO, { slug: [SLUG_REPETIDO] });
    throw err;
  }
}

export async function eliminarMonitor(db: Db, id: number): Promise<void> {
  await filaMonitor(db, id);
  await db.delete(insightsMonitores).where(eq(insightsMonitores.id, id));
}
