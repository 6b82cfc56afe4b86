import { randomUUID } from 'node:crypto';
import { MAX_MINUTOS_MONITOR } from '@intranet/contract/areas/insights/monitores';
import type { AreaDeps, TareaDef } from '../../../area.ts';
import { ZONA_HORARIA } from '../../../core/fechas.ts';
import { type CheckinRecibido, type ConfigMonitor, guardarCheckin, slugDe } from './crons.ts';
import { proyectoPropio } from '../proyectos.ts';

// The portal's own scheduled jobs are cron monitors of its own monitor project (the one its own errors go to,
// propio.ts): each queued run checks in as in progress, then ok or error with its duration, written straight
// through the intake's storage. A failure to write is dropped: watching a job never breaks it.

/** pg-boss polls and schedules by the minute: a run a few minutes late is not missed. */
const MARGEN_MINUTOS = 5;
/** A job's time limit when it sets none (jobs/programador.ts). */
const LIMITE_DEFECTO_SEGUNDOS = 15 * 60;

/** A job's schedule as a monitor's configuration. */
export function configDeTarea(tarea: TareaDef, deps: Pick<AreaDeps, 'config'>): ConfigMonitor {
  const minutos = Math.ceil((tarea.limiteSegundos ?? LIMITE_DEFECTO_SEGUNDOS) / 60);
  return {
    programaTipo: 'crontab',
    crontab: tarea.cron(deps.config),
    intervalo: null,
    unidad: null,
    margenMinutos: MARGEN_MINUTOS,
    maxMinutos: Math.min(MAX_MINUTOS_MONITOR, Math.max(1, minutos)),
    zona: ZONA_HORARIA,
  };
}

/** Registers the check-ins of every queued run of the portal's jobs (the area's `hooks`; MONITOR=0 turns it off). */
export function monitorearTareasPropias(deps: Pick<AreaDeps, 'db' | 'config' | 'programador'>): void {
  if (!deps.config.monitor) return;
  const { db } = deps;
  deps.programador.observar(async (tarea) => {
    const p = await proyectoPropio(db);
    if (!p?.activo) return undefined;
    const base: Omit<CheckinRecibido, 'estado' | 'duracion'> = {
      checkInId: randomUUID().replaceAll('-', ''),
      slug: slugDe(tarea.nombre),
      nombre: tarea.titulo,
      environment: process.env.NODE_ENV ?? 'production',
      release: `intranet-server@${process.env.npm_package_version ?? '0.0.0'}`,
      config: configDeTarea(tarea, deps),
    };
    const inicio = Date.now();
    await guardarCheckin(db, p.id, { ...base, estado: 'in_progress', duracion: null });
    return async ({ ok }) => {
      await guardarCheckin(db, p.id, { ...base, estado: ok ? 'ok' : 'error', duracion: (Date.now() - inicio) / 1000 });
    };
  });
}
