import { sql } from 'drizzle-orm';
import type { FuenteEventos } from '../../area.ts';
import { alertaCrons } from './monitores/alertas-crons.ts';
import { alertaSaludSql } from './salud/salud.ts';

/** Looked back this far each minute: a run that was missed (a restart) still finds what happened meanwhile. */
const VENTANA = sql`interval '1 hour'`;
const hora = (columna: ReturnType<typeof sql>) =>
  sql`to_char(date_trunc('hour', ${columna} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24')`;

/**
 * The monitor's alert rules, per project: a new issue (once), a resolved issue an event reopened or an ignored
 * one whose condition ended (a regression, at most once an hour: both set `reabierta`), and a spike — more than
 * the project's N events of one issue within its M minutes (at most once an hour). Ignored issues say nothing. And
 * each comment a user of an app sends (user feedback), once; and a transaction slower at p95 than a rule of the
 * project says (at most once an hour per rule); and a release whose sessions of the last 24 hours are fewer
 * crash-free than the project's threshold (at most once a day per release).
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
      -- A slowness rule (rendimiento.ts): the transaction's p95 over the rule's window above its threshold, with at
      -- least its minimum of transactions in the window; at most once an hour per rule.
      select 'monitor:lenta:' || r.id || ':' || ${hora(sql`now()`)}, r.id, null, p.id,
             'Transacción lenta en ' || p.nombre || ': ' || left(r.transaccion, 120) || ' con p95 de '
               || round(l.p95)::bigint || ' ms (umbral ' || r.p95_ms || ' ms)',
             '/insights/proyectos/' || p.id || '/rendimiento?nombre=' || replace(replace(replace(replace(r.transaccion, '%', '%25'), '&', '%26'), '#', '%23'), '+', '%2B')
        from insights_reglas_lentitud r join insights_proyectos p on p.id = r.proyecto_id
        cross join lateral (
          select percentile_cont(0.95) within group (order by t.duracion_ms) as p95, count(*) as n
            from insights_transacciones t
           where t.proyecto_id = r.proyecto_id and t.nombre = r.transaccion
             and t.inicio > now() - make_interval(mins => r.ventana_minutos)) l
       where l.n >= r.minimo and l.p95 > r.p95_ms
      union all
      -- A release with fewer crash-free sessions in 24 hours than the project's threshold (salud.ts).
${alertaSaludSql}
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
  alertaCrons,
];
