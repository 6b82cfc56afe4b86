-- Release health's rollups from the sessions already kept: their counts per release, environment ('' for none)
-- and UTC hour of their start; each user's latest session and latest crashed one per release, per environment and
-- ('' ) across every environment; and those users counted at the hour of their latest (crashed) session.
INSERT INTO insights_sesiones_horas (proyecto_id, hora, release, entorno, sesiones, errored, abnormal, crashed)
SELECT proyecto_id, date_trunc('hour', inicio, 'UTC'), release, coalesce(environment, ''),
       sum(sesiones), sum(errored), sum(abnormal), sum(crashed)
  FROM insights_sesiones
 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO insights_sesiones_usuarios (proyecto_id, release, entorno, usuario, ultima, ultima_caida)
SELECT s.proyecto_id, s.release, e.entorno, s.usuario, max(s.inicio), max(s.inicio) FILTER (WHERE s.crashed > 0)
  FROM insights_sesiones s
 CROSS JOIN LATERAL (VALUES (s.environment), ('')) AS e(entorno)
 WHERE s.usuario IS NOT NULL AND e.entorno IS NOT NULL
 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO insights_sesiones_horas AS h (proyecto_id, hora, release, entorno, usuarios, usuarios_crashed)
SELECT u.proyecto_id, date_trunc('hour', x.t, 'UTC'), u.release, u.entorno,
       count(*) FILTER (WHERE NOT x.caida), count(*) FILTER (WHERE x.caida)
  FROM insights_sesiones_usuarios u
 CROSS JOIN LATERAL (VALUES (u.ultima, false), (u.ultima_caida, true)) AS x(t, caida)
 WHERE x.t IS NOT NULL
 GROUP BY 1, 2, 3, 4
ON CONFLICT (proyecto_id, hora, release, entorno)
DO UPDATE SET usuarios = h.usuarios + excluded.usuarios, usuarios_crashed = h.usuarios_crashed + excluded.usuarios_crashed;
