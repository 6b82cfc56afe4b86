import { sql } from 'drizzle-orm';
import type { FuenteEventos } from '../../area.ts';

/** Looked back this far each minute: a run that was missed (a restart) still finds what happened meanwhile. */
const VENTANA = sql`interval '1 hour'`;
const hora = (columna: ReturnType<typeof sql>) =>
  sql`to_char(date_trunc('hour', ${columna} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24')`;

/**
 * The monitor's alert rules, per project: a new issue (once), a resolved issue an event reopened or an ignored
 * one whose condition ended (a regression, at most once an hour: both set `reabierta`), and a spike — more than
 * the project's N events of one issue within its M minutes (at most once an hour). Ignored issues say nothing. And
 * each comment a user of an app sends (user feedback), once.
 */
export const insightsAlertas: readonly FuenteEventos[] = [
  {
    tipo: 'monitor',
    permiso: 'SER#VER',
    consulta: sql`
      select 'monitor:nuevo:' || i.id as clave, i.id as item_id, null::integer as empresa_id, p.id as proyecto_id,
             'Nuevo error en ' || p.nombre || ': ' || i.titulo as titulo, '/insights/' || i.id as enlace
        from insights_issues i join insights_proyectos p on p.id = i.proyecto_id
       where i.primera_vez > now() - ${VENTANA} and i.estado <> 'ignored'
      union all
      select 'monitor:regresion:' || i.id || ':' || ${hora(sql`i.reabierta`)}, i.id, null, p.id,
             'Regresión en ' || p.nombre || ': ' || i.titulo, '/insights/' || i.id
        from insights_issues i join insights_proyectos p on p.id = i.proyecto_id
       where i.reabierta > now() - ${VENTANA} and i.estado = 'unresolved'
      union all
      select 'monitor:feedback:' || f.id, f.id, null, p.id,
             'Comentario de un usuario en ' || p.nombre || ': ' || left(f.mensaje, 120),
             coalesce('/insights/' || f.issue_id, '/insights/proyectos/' || p.id)
        from insights_feedback f join insights_proyectos p on p.id = f.proyecto_id
       where f.recibido > now() - ${VENTANA}
      union all
      select 'monitor:pico:' || i.id || ':' || ${hora(sql`now()`)}, i.id, null, p.id,
             'Pico en ' || p.nombre || ': más de ' || p.alerta_pico_eventos || ' eventos en ' || p.alerta_pico_minutos || ' min de ' || i.titulo,
             '/insights/' || i.id
        from insights_issues i join insights_proyectos p on p.id = i.proyecto_id
       where i.ultima_vez > now() - make_interval(mins => p.alerta_pico_minutos) and i.estado <> 'ignored'
         -- The issue's latest N+1 events (its index, newest first) all arrived within the last M minutes.
         and (select count(*) from (select e.recibido from insights_eventos e where e.issue_id = i.id
                                     order by e.id desc limit p.alerta_pico_eventos + 1) u
               where u.recibido > now() - make_interval(mins => p.alerta_pico_minutos)) > p.alerta_pico_eventos`,
  },
];
