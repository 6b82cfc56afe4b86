import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { resumirSesiones } from './sesiones.ts';

/**
 * Release health for the demo project: two weeks of its users' sessions. 2.4.0 fades out as 2.4.1 (out ten days
 * ago) takes over; 2.4.0 crashes about one session in 20, 2.4.1 one in 30 and ends one in 10 with handled errors.
 * Counted on "Datos recibidos" as the intake counts them, and rolled up as the intake does.
 */
export async function seedSesiones(tx: Tx, proyectoId: number): Promise<void> {
  await tx.execute(sql`
    insert into insights_sesiones
      (proyecto_id, sid, inicio, actualizado, release, environment, usuario, sesiones, errored, abnormal, crashed)
    select ${proyectoId}, md5(r.version || ':' || d || ':' || i),
           date_trunc('day', now()) - make_interval(days => d) + make_interval(mins => (i * 37) % 1440),
           date_trunc('day', now()) - make_interval(days => d) + make_interval(mins => (i * 37) % 1440 + 6),
           r.version, 'production', 'usuario-' || ((i * 7 + d) % 60), 1,
           (i % r.crash <> 0 and i % r.errores = 0)::int, 0, (i % r.crash = 0)::int
      from generate_series(0, 13) as d
      cross join (values ('portal-clientes@2.4.0', 20, 1000), ('portal-clientes@2.4.1', 30, 10))
        as r(version, crash, errores)
      cross join lateral generate_series(1,
        case when r.version like '%2.4.0' then 8 + 3 * d when d < 10 then 45 - 3 * d else 0 end) as i
     -- Today's sessions only up to now.
     where date_trunc('day', now()) - make_interval(days => d) + make_interval(mins => (i * 37) % 1440) <= now()`);
  await resumirSesiones(tx, proyectoId);
  await tx.execute(sql`
    insert into insights_recibidos (proyecto_id, dia, categoria, resultado, motivo, cantidad)
    select proyecto_id, (inicio at time zone 'UTC')::date, 'session', 'aceptado', '', count(*)
      from insights_sesiones where proyecto_id = ${proyectoId} group by 1, 2
    on conflict do nothing`);
}
