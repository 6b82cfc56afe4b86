-- The kept data of migration 0040 on a change or a delete of many servers, certificates, points of sale or licences
-- in one statement. The triggers were per statement already, but each change remade what it touched from scratch:
-- an item's grid row deleted and inserted again (so each client's next expiry recounted without it, written, then
-- lowered again: two writes of 18 indexes per client), every touched client's count and version recounted, a
-- product's new name rebuilt all its licences' rows, and a change that moves nothing (a server renamed) wrote the
-- same. Now a change is a difference: the grid rows that leave are deleted, those that differ updated, new ones
-- inserted; the clients' kept columns move by what left and what came (a count by the difference, a version or an
-- expiry by the better of the kept one and the new rows'), and only a client whose best row left is recounted,
-- from its own rows by index. A client is written once per statement, and only when a value changed.
--
-- The statements that read the transition tables run through EXECUTE: a trigger function's static statements keep
-- the plan of their first call in the session, made for that call's row count (a nested loop over one row of
-- `viejas`, kept for a statement of 30,000 rows, ran for minutes). EXECUTE plans each time with the real counts.

-- A grid's rows for these items (by id) as a difference: rows whose item left the grid deleted, the rest inserted
-- or, when one differs, updated. The item's id gives its grid row (id * 4 + kind), so an item keeps its row.
CREATE OR REPLACE FUNCTION "vencimientos_de_certificados"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "vencimientos" v WHERE v.id IN (SELECT i * 4 + 1 FROM unnest(ids) i)
     AND NOT EXISTS (SELECT FROM "afip_certificados" c WHERE c.id = v.item_id AND c.reemplazado_por IS NULL);
  INSERT INTO "vencimientos" AS v ("id", "tipo", "grupo", "item_id", "empresa_id", "item", "detalle", "vence", "cliente", "nombre_fantasia", "cuit")
  SELECT c.id * 4 + 1, 'certificado', 'afip', c.id, c.empresa_id, coalesce(c.alias, c.cn),
         (case c.ambiente when 'produccion' then 'Producción' else 'Homologación' end)
           || case when cardinality(c.servicios) > 0 then ' · ' || array_to_string(c.servicios, ', ') else '' end,
         c.vence, e.razon_social, e.nombre_fantasia, e.cuit
    FROM "afip_certificados" c JOIN "empresas" e ON e.id = c.empresa_id
   WHERE c.id IN (SELECT unnest(ids)) AND c.reemplazado_por IS NULL
  ON CONFLICT ("id") DO UPDATE SET "empresa_id" = excluded.empresa_id, "item" = excluded.item, "detalle" = excluded.detalle,
         "vence" = excluded.vence, "cliente" = excluded.cliente, "nombre_fantasia" = excluded.nombre_fantasia, "cuit" = excluded.cuit
   WHERE (v.empresa_id, v.item, v.detalle, v.vence, v.cliente, v.nombre_fantasia, v.cuit)
         IS DISTINCT FROM (excluded.empresa_id, excluded.item, excluded.detalle, excluded.vence, excluded.cliente, excluded.nombre_fantasia, excluded.cuit);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vencimientos_de_puntos_venta"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "vencimientos" v WHERE v.id IN (SELECT i * 4 + 2 FROM unnest(ids) i)
     AND NOT EXISTS (SELECT FROM "afip_puntos_venta" p WHERE p.id = v.item_id AND p.cai_vence IS NOT NULL);
  INSERT INTO "vencimientos" AS v ("id", "tipo", "grupo", "item_id", "empresa_id", "item", "detalle", "vence", "cliente", "nombre_fantasia", "cuit")
  SELECT p.id * 4 + 2, 'punto_venta', 'afip', p.id, p.empresa_id, 'PV ' || lpad(p.numero::text, 5, '0'),
         'CAI' || coalesce(' · ' || p.descripcion, ''), p.cai_vence, e.razon_social, e.nombre_fantasia, e.cuit
    FROM "afip_puntos_venta" p JOIN "empresas" e ON e.id = p.empresa_id
   WHERE p.id IN (SELECT unnest(ids)) AND p.cai_vence IS NOT NULL
  ON CONFLICT ("id") DO UPDATE SET "empresa_id" = excluded.empresa_id, "item" = excluded.item, "detalle" = excluded.detalle,
         "vence" = excluded.vence, "cliente" = excluded.cliente, "nombre_fantasia" = excluded.nombre_fantasia, "cuit" = excluded.cuit
   WHERE (v.empresa_id, v.item, v.detalle, v.vence, v.cliente, v.nombre_fantasia, v.cuit)
         IS DISTINCT FROM (excluded.empresa_id, excluded.item, excluded.detalle, excluded.vence, excluded.cliente, excluded.nombre_fantasia, excluded.cuit);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vencimientos_de_licencias"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "vencimientos" v WHERE v.id IN (SELECT i * 4 + 3 FROM unnest(ids) i)
     AND NOT EXISTS (SELECT FROM "physis_licencias" l WHERE l.id = v.item_id AND l.vence IS NOT NULL AND l.baja IS NULL);
  INSERT INTO "vencimientos" AS v ("id", "tipo", "grupo", "item_id", "empresa_id", "item", "detalle", "vence", "cliente", "nombre_fantasia", "cuit")
  SELECT l.id * 4 + 3, 'licencia', 'physis', l.id, l.empresa_id, pr.nombre || coalesce(' · ' || l.modulo, ''),
         (case l.tipo when 'anual' then 'Anual' when 'mensual' then 'Mensual' else 'Perpetua' end) || ' · ' || l.usuarios
           || case when l.usuarios = 1 then ' usuario' else ' usuarios' end,
         l.vence, e.razon_social, e.nombre_fantasia, e.cuit
    FROM "physis_licencias" l JOIN "empresas" e ON e.id = l.empresa_id JOIN "productos" pr ON pr.id = l.producto_id
   WHERE l.id IN (SELECT unnest(ids)) AND l.vence IS NOT NULL AND l.baja IS NULL
  ON CONFLICT ("id") DO UPDATE SET "empresa_id" = excluded.empresa_id, "item" = excluded.item, "detalle" = excluded.detalle,
         "vence" = excluded.vence, "cliente" = excluded.cliente, "nombre_fantasia" = excluded.nombre_fantasia, "cuit" = excluded.cuit
   WHERE (v.empresa_id, v.item, v.detalle, v.vence, v.cliente, v.nombre_fantasia, v.cuit)
         IS DISTINCT FROM (excluded.empresa_id, excluded.item, excluded.detalle, excluded.vence, excluded.cliente, excluded.nombre_fantasia, excluded.cuit);
$$;
--> statement-breakpoint
-- Renamed products, once per statement: their licences' rows get the new item (an update; their dates stay).
CREATE OR REPLACE FUNCTION "productos_nombre_a_vencimientos"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  EXECUTE 'SELECT ARRAY(SELECT l.id FROM "physis_licencias" l WHERE l.producto_id IN
             (SELECT n.id FROM nuevas n JOIN viejas o ON o.id = n.id WHERE n.nombre IS DISTINCT FROM o.nombre))' INTO ids;
  IF cardinality(ids) > 0 THEN
    PERFORM "vencimientos_de_licencias"(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "productos_nombre_a_vencimientos" ON "productos";--> statement-breakpoint
CREATE TRIGGER "productos_nombre_a_vencimientos" AFTER UPDATE ON "productos" REFERENCING OLD TABLE AS "viejas" NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "productos_nombre_a_vencimientos"();--> statement-breakpoint
-- A client's new name, fantasy name or CUIT carried to its grid rows (as 0040), planned for each statement's rows.
CREATE OR REPLACE FUNCTION "empresas_a_vencimientos"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  EXECUTE 'SELECT ARRAY(SELECT n.id FROM nuevas n JOIN viejas o ON o.id = n.id
             WHERE (n.razon_social, n.nombre_fantasia, n.cuit) IS DISTINCT FROM (o.razon_social, o.nombre_fantasia, o.cuit))' INTO ids;
  IF cardinality(ids) > 0 THEN
    UPDATE "vencimientos" v SET "cliente" = e.razon_social, "nombre_fantasia" = e.nombre_fantasia, "cuit" = e.cuit
      FROM "empresas" e WHERE e.id = v.empresa_id AND v.empresa_id = ANY(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The clients' next expiry from the grid rows that left (`quitada`, the earliest per client) and came (`puesta`):
-- the earlier of the kept one and the new rows' while none that left was the kept one (they are only as early
-- when one of them was), else the client's earliest row, read by index (vencimientos_empresa_idx).
CREATE OR REPLACE FUNCTION "vencimientos_a_empresas"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cambios text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    cambios := 'SELECT empresa_id, NULL::date AS quitada, min(vence) AS puesta FROM nuevas GROUP BY empresa_id';
  ELSIF TG_OP = 'DELETE' THEN
    cambios := 'SELECT empresa_id, min(vence) AS quitada, NULL::date AS puesta FROM viejas GROUP BY empresa_id';
  ELSE
    -- Rows whose client and date stayed (a renamed item, a renamed client) move nothing.
    cambios := 'SELECT empresa_id, min(quitada) AS quitada, min(puesta) AS puesta FROM (
                  SELECT o.empresa_id, o.vence AS quitada, NULL::date AS puesta FROM viejas o
                   WHERE NOT EXISTS (SELECT FROM nuevas n WHERE n.id = o.id AND n.empresa_id = o.empresa_id AND n.vence = o.vence)
                  UNION ALL
                  SELECT n.empresa_id, NULL, n.vence FROM nuevas n
                   WHERE NOT EXISTS (SELECT FROM viejas o WHERE o.id = n.id AND o.empresa_id = n.empresa_id AND o.vence = n.vence)) x
                GROUP BY empresa_id';
  END IF;
  EXECUTE format('UPDATE "empresas" e SET "proximo_vencimiento" = t.vence
    FROM (SELECT d.empresa_id,
                 CASE WHEN d.quitada IS NULL OR d.quitada > k.proximo_vencimiento THEN least(k.proximo_vencimiento, d.puesta)
                      ELSE (SELECT min(v.vence) FROM "vencimientos" v WHERE v.empresa_id = d.empresa_id) END AS vence
            FROM (%s) d JOIN "empresas" k ON k.id = d.empresa_id) t
   WHERE e.id = t.empresa_id AND e.proximo_vencimiento IS DISTINCT FROM t.vence', cambios);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Grid rows are updated now (an item's new date, a renamed item): their clients' next expiry follows.
CREATE TRIGGER "vencimientos_a_empresas_cambio" AFTER UPDATE ON "vencimientos" REFERENCING OLD TABLE AS "viejas" NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_a_empresas"();--> statement-breakpoint
-- The clients' server count and highest Physis version from the servers that left and came: the count by their
-- difference; the version the higher of the kept one and the new servers' while every one that left was lower
-- (a server that left with the kept version may have been its only one), else the client's highest, read by index
-- (servidores_cliente_empresa_idx).
CREATE OR REPLACE FUNCTION "servidores_cliente_a_empresas"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cambios text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    cambios := 'SELECT empresa_id, count(*)::int AS n, NULL::int[] AS quitada, max(string_to_array(version_physis, ''.'')::int[]) AS puesta
                  FROM nuevas GROUP BY empresa_id';
  ELSIF TG_OP = 'DELETE' THEN
    cambios := 'SELECT empresa_id, -count(*)::int AS n, max(string_to_array(version_physis, ''.'')::int[]) AS quitada, NULL::int[] AS puesta
                  FROM viejas GROUP BY empresa_id';
  ELSE
    -- Servers whose client and version stayed (renamed, another address) move nothing.
    cambios := 'SELECT empresa_id, sum(n)::int AS n, max(quitada) AS quitada, max(puesta) AS puesta FROM (
                  SELECT o.empresa_id, -1 AS n, string_to_array(o.version_physis, ''.'')::int[] AS quitada, NULL::int[] AS puesta FROM viejas o
                   WHERE NOT EXISTS (SELECT FROM nuevas n WHERE n.id = o.id AND n.empresa_id = o.empresa_id
                                        AND n.version_physis IS NOT DISTINCT FROM o.version_physis)
                  UNION ALL
                  SELECT n.empresa_id, 1, NULL, string_to_array(n.version_physis, ''.'')::int[] FROM nuevas n
                   WHERE NOT EXISTS (SELECT FROM viejas o WHERE o.id = n.id AND o.empresa_id = n.empresa_id
                                        AND o.version_physis IS NOT DISTINCT FROM n.version_physis)) x
                GROUP BY empresa_id';
  END IF;
  EXECUTE format('UPDATE "empresas" e SET "servidores_count" = t.n, "version_physis_orden" = t.orden,
         "version_physis" = nullif(array_to_string(t.orden, ''.''), '''')
    FROM (SELECT d.empresa_id, k.servidores_count + d.n AS n,
                 CASE WHEN d.quitada IS NULL OR d.quitada < k.version_physis_orden
                      THEN greatest(k.version_physis_orden, d.puesta)
                      ELSE coalesce((SELECT max(string_to_array(c.version_physis, ''.'')::int[]) FROM "servidores_cliente" c
                                      WHERE c.empresa_id = d.empresa_id AND c.version_physis IS NOT NULL), ''{}'') END AS orden
            FROM (%s) d JOIN "empresas" k ON k.id = d.empresa_id) t
   WHERE e.id = t.empresa_id AND (e.servidores_count, e.version_physis_orden) IS DISTINCT FROM (t.n, t.orden)', cambios);
  RETURN NULL;
END $$;
