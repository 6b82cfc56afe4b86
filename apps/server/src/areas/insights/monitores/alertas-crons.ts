import { sql } from 'drizzle-orm';
import type { FuenteEventos } from '../../../area.ts';

/**
 * A cron monitor's run that was missed, failed or ran past its maximum: told to the project's followers through
 * the monitor's alert rule, at most once per monitor, kind and hour (a job failing every minute says so once an
 * hour). Read each minute: the partial index on failed check-ins' `recibido` and the `fecha` bound (a run times out
 * at most a day after it started, crons.ts) keep it to the recent partitions.
 */
export const alertaCrons: FuenteEventos = {
  tipo: 'monitor',
  permiso: 'SER#VER',
  consulta: sql`
    select distinct on (m.id, c.estado)
           'monitor:cron:' || m.id || ':' || c.estado || ':' ||
             to_char(date_trunc('hour', c.recibido at time zone 'UTC'), 'YYYY-MM-DD"T"HH24') as clave,
           m.id as item_id, null::integer as empresa_id, p.id as proyecto_id,
           (case c.estado when 'missed' then 'Ejecución perdida de ' when 'timeout' then 'Ejecución excedida de '
                          else 'Ejecución con error de ' end) || m.nombre || ' en ' || p.nombre as titulo,
           '/insights/monitores/' || m.id as enlace
      from insights_checkins c
      join insights_monitores m on m.id = c.monitor_id
      join insights_proyectos p on p.id = m.proyecto_id
     where c.estado in ('missed', 'error', 'timeout')
       and c.recibido > now() - interval '1 hour'
       and c.fecha > now() - interval '3 days'
     order by m.id, c.estado, c.recibido desc`,
};
