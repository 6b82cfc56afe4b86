-- The Rendimiento tab's rollup from the transactions already kept: per UTC hour and per UTC day, per name, at the
-- four levels of environment and release, how many, how many failed and the histogram of their durations (bucket i
-- from 2^((i-1)/8) ms, what is under 1/1024 ms in the lowest). The same statement the intake runs on what it inserts
-- (rendimiento.ts, SUMAR_AL_RESUMEN); the bench runs this file after filling its history.
WITH nuevas AS (
  SELECT proyecto_id, nombre, inicio, duracion_ms, estado, environment, release FROM insights_transacciones
),
cubetas as (
  select n.proyecto_id, s.horas, date_trunc(case s.horas when 1 then 'hour' else 'day' end, n.inicio, 'UTC') as hora,
         n.nombre, coalesce(n.environment, '') as environment, coalesce(n.release, '') as release,
         (floor(8 * ln(greatest(n.duracion_ms, 1.0 / 1024)) / ln(2)) + 1)::smallint as cubeta,
         count(*) as cantidad,
         count(*) filter (where n.estado not in ('ok', 'cancelled', 'unknown')) as fallas
    from nuevas n cross join (values (1), (24)) as s(horas)
   group by 1, 2, 3, 4, 5, 6, 7
),
niveles as (
  select proyecto_id, horas, grouping(environment, release) as nivel, hora, nombre,
         coalesce(environment, '') as environment, coalesce(release, '') as release, cubeta,
         sum(cantidad) as cantidad, sum(fallas) as fallas
    from cubetas
   group by grouping sets ((proyecto_id, horas, hora, nombre, environment, release, cubeta),
                           (proyecto_id, horas, hora, nombre, environment, cubeta),
                           (proyecto_id, horas, hora, nombre, release, cubeta),
                           (proyecto_id, horas, hora, nombre, cubeta))
)
insert into insights_transacciones_horas as h
       (proyecto_id, horas, nivel, hora, nombre, environment, release, cantidad, fallas, cubetas, cuentas)
select proyecto_id, horas, nivel, hora, nombre, environment, release, sum(cantidad)::int, sum(fallas)::int,
       array_agg(cubeta order by cubeta), array_agg(cantidad::int order by cubeta)
  from niveles
 group by 1, 2, 3, 4, 5, 6, 7
 order by 1, 2, 3, 4, 5, 6, 7
on conflict (proyecto_id, horas, nivel, hora, nombre, environment, release) do update
   set cantidad = h.cantidad + excluded.cantidad, fallas = h.fallas + excluded.fallas,
       (cubetas, cuentas) = (
         select array_agg(c order by c), array_agg(n order by c)
           from (select c, sum(n)::int as n from unnest(h.cubetas || excluded.cubetas, h.cuentas || excluded.cuentas) as u(c, n)
                  group by c) m);
