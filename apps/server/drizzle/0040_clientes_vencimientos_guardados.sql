-- Issue 20: the client list and the expiry grids at 1M rows. The list sorted by next expiry, by server count or by
-- Physis version ran a subquery per client (a group-by over the grids' union for the expiry: 20.7 s at 1M clients),
-- and the grids sorted and searched a view over the union of three tables joined to the clients (26–46 s). Both
-- now read kept data: the grids' rows in the table `vencimientos` (the view's rows plus the client's name and
-- CUIT), the client's count, version and next expiry on `empresas`, each sort on an index with the id. Kept by
-- statement triggers with transition tables (a bulk insert is one set-based step, as the counts of 0004).
DROP VIEW "public"."vencimientos_proximo";--> statement-breakpoint
DROP VIEW "public"."vencimientos";--> statement-breakpoint
CREATE TABLE "vencimientos" (
	"id" integer PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"grupo" text NOT NULL,
	"item_id" integer NOT NULL,
	"empresa_id" integer NOT NULL,
	"item" text NOT NULL,
	"detalle" text,
	"vence" date NOT NULL,
	"cliente" text NOT NULL,
	"nombre_fantasia" text,
	"cuit" text NOT NULL
);
--> statement-breakpoint
-- A client's rows by date: its next expiry (and its detail's list) read from here.
CREATE INDEX "vencimientos_empresa_idx" ON "vencimientos" USING btree ("empresa_id","vence","id");--> statement-breakpoint
DROP INDEX "empresas_razon_social_idx";--> statement-breakpoint
DROP INDEX "empresas_localidad_idx";--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "servidores_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "version_physis" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "version_physis_orden" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "proximo_vencimiento" date;--> statement-breakpoint
-- The grid rows of these certificates (by id) made again from the table: a replaced one leaves the grid.
CREATE FUNCTION "vencimientos_de_certificados"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "vencimientos" WHERE "id" IN (SELECT i * 4 + 1 FROM unnest(ids) i);
  INSERT INTO "vencimientos" ("id", "tipo", "grupo", "item_id", "empresa_id", "item", "detalle", "vence", "cliente", "nombre_fantasia", "cuit")
  SELECT c.id * 4 + 1, 'certificado', 'afip', c.id, c.empresa_id, coalesce(c.alias, c.cn),
         (case c.ambiente when 'produccion' then 'Producción' else 'Homologación' end)
           || case when cardinality(c.servicios) > 0 then ' · ' || array_to_string(c.servicios, ', ') else '' end,
         c.vence, e.razon_social, e.nombre_fantasia, e.cuit
    FROM "afip_certificados" c JOIN "empresas" e ON e.id = c.empresa_id
   WHERE c.id IN (SELECT unnest(ids)) AND c.reemplazado_por IS NULL;
$$;
--> statement-breakpoint
-- A point of sale is in the AFIP grid while it has a CAI expiry.
CREATE FUNCTION "vencimientos_de_puntos_venta"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "vencimientos" WHERE "id" IN (SELECT i * 4 + 2 FROM unnest(ids) i);
  INSERT INTO "vencimientos" ("id", "tipo", "grupo", "item_id", "empresa_id", "item", "detalle", "vence", "cliente", "nombre_fantasia", "cuit")
  SELECT p.id * 4 + 2, 'punto_venta', 'afip', p.id, p.empresa_id, 'PV ' || lpad(p.numero::text, 5, '0'),
         'CAI' || coalesce(' · ' || p.descripcion, ''), p.cai_vence, e.razon_social, e.nombre_fantasia, e.cuit
    FROM "afip_puntos_venta" p JOIN "empresas" e ON e.id = p.empresa_id
   WHERE p.id IN (SELECT unnest(ids)) AND p.cai_vence IS NOT NULL;
$$;
--> statement-breakpoint
-- A licence is in the Physis grid while it has an expiry and no baja.
CREATE FUNCTION "vencimientos_de_licencias"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "vencimientos" WHERE "id" IN (SELECT i * 4 + 3 FROM unnest(ids) i);
  INSERT INTO "vencimientos" ("id", "tipo", "grupo", "item_id", "empresa_id", "item", "detalle", "vence", "cliente", "nombre_fantasia", "cuit")
  SELECT l.id * 4 + 3, 'licencia', 'physis', l.id, l.empresa_id, pr.nombre || coalesce(' · ' || l.modulo, ''),
         (case l.tipo when 'anual' then 'Anual' when 'mensual' then 'Mensual' else 'Perpetua' end) || ' · ' || l.usuarios
           || case when l.usuarios = 1 then ' usuario' else ' usuarios' end,
         l.vence, e.razon_social, e.nombre_fantasia, e.cuit
    FROM "physis_licencias" l JOIN "empresas" e ON e.id = l.empresa_id JOIN "productos" pr ON pr.id = l.producto_id
   WHERE l.id IN (SELECT unnest(ids)) AND l.vence IS NOT NULL AND l.baja IS NULL;
$$;
--> statement-breakpoint
-- One trigger function for the three item tables: the ids the statement touched, old and new, made again.
CREATE FUNCTION "vencimientos_items_cambio"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT id FROM nuevas);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT id FROM viejas);
  ELSE
    ids := ARRAY(SELECT id FROM viejas UNION SELECT id FROM nuevas);
  END IF;
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'afip_certificados' THEN
    PERFORM "vencimientos_de_certificados"(ids);
  ELSIF TG_TABLE_NAME = 'afip_puntos_venta' THEN
    PERFORM "vencimientos_de_puntos_venta"(ids);
  ELSE
    PERFORM "vencimientos_de_licencias"(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A renamed product renames its licences' items.
CREATE FUNCTION "productos_nombre_a_vencimientos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "vencimientos_de_licencias"(ARRAY(SELECT id FROM "physis_licencias" WHERE "producto_id" = NEW."id"));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A client's new name, fantasy name or CUIT is carried to its grid rows. Only when one changed: the client's kept
-- columns below are updated by triggers too, and an UPDATE of no rows would still fire statement triggers.
CREATE FUNCTION "empresas_a_vencimientos"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  ids := ARRAY(SELECT n.id FROM nuevas n JOIN viejas o ON o.id = n.id
                WHERE (n.razon_social, n.nombre_fantasia, n.cuit) IS DISTINCT FROM (o.razon_social, o.nombre_fantasia, o.cuit));
  IF cardinality(ids) > 0 THEN
    UPDATE "vencimientos" v SET "cliente" = e.razon_social, "nombre_fantasia" = e.nombre_fantasia, "cuit" = e.cuit
      FROM "empresas" e WHERE e.id = v.empresa_id AND v.empresa_id = ANY(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- These clients' next expiry, from their grid rows (only those that changed are written).
CREATE FUNCTION "empresas_proximo_vencimiento"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "empresas" e SET "proximo_vencimiento" = m.vence
    FROM (SELECT a.id, (SELECT min(v.vence) FROM "vencimientos" v WHERE v.empresa_id = a.id) AS vence
            FROM (SELECT DISTINCT unnest(ids) AS id) a) m
   WHERE e.id = m.id AND e.proximo_vencimiento IS DISTINCT FROM m.vence;
$$;
--> statement-breakpoint
-- The grid rows are only inserted and deleted (an item's change is both): the clients they were and are for.
CREATE FUNCTION "vencimientos_a_empresas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "empresas_proximo_vencimiento"(ARRAY(SELECT DISTINCT empresa_id FROM nuevas));
  ELSE
    PERFORM "empresas_proximo_vencimiento"(ARRAY(SELECT DISTINCT empresa_id FROM viejas));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- These clients' server count and highest Physis version (compared number by number: 8.10 > 8.9).
CREATE FUNCTION "empresas_servidores"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "empresas" e SET "servidores_count" = s.n, "version_physis_orden" = coalesce(s.orden, '{}'), "version_physis" = array_to_string(s.orden, '.')
    FROM (SELECT a.id,
                 (SELECT count(*)::int FROM "servidores_cliente" c WHERE c.empresa_id = a.id) AS n,
                 (SELECT max(string_to_array(c.version_physis, '.')::int[]) FROM "servidores_cliente" c
                   WHERE c.empresa_id = a.id AND c.version_physis IS NOT NULL) AS orden
            FROM (SELECT DISTINCT unnest(ids) AS id) a) s
   WHERE e.id = s.id AND (e.servidores_count, e.version_physis_orden) IS DISTINCT FROM (s.n, coalesce(s.orden, '{}'));
$$;
--> statement-breakpoint
CREATE FUNCTION "servidores_cliente_a_empresas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "empresas_servidores"(ARRAY(SELECT empresa_id FROM nuevas));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "empresas_servidores"(ARRAY(SELECT empresa_id FROM viejas));
  ELSE
    PERFORM "empresas_servidores"(ARRAY(SELECT empresa_id FROM viejas UNION SELECT empresa_id FROM nuevas));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The existing rows, before the triggers: the grids' rows, then each client's four kept columns in one pass.
SELECT "vencimientos_de_certificados"(ARRAY(SELECT id FROM "afip_certificados"));--> statement-breakpoint
SELECT "vencimientos_de_puntos_venta"(ARRAY(SELECT id FROM "afip_puntos_venta"));--> statement-breakpoint
SELECT "vencimientos_de_licencias"(ARRAY(SELECT id FROM "physis_licencias"));--> statement-breakpoint
UPDATE "empresas" e SET "servidores_count" = coalesce(s.n, 0), "version_physis_orden" = coalesce(s.orden, '{}'),
       "version_physis" = array_to_string(s.orden, '.'), "proximo_vencimiento" = v.vence
  FROM (SELECT id FROM "empresas") a
  LEFT JOIN (SELECT empresa_id, count(*)::int AS n, max(string_to_array(version_physis, '.')::int[]) AS orden
               FROM "servidores_cliente" GROUP BY empresa_id) s ON s.empresa_id = a.id
  LEFT JOIN (SELECT empresa_id, min(vence) AS vence FROM "vencimientos" GROUP BY empresa_id) v ON v.empresa_id = a.id
 WHERE e.id = a.id AND (s.empresa_id IS NOT NULL OR v.empresa_id IS NOT NULL);--> statement-breakpoint
-- From here on, every write keeps them.
CREATE TRIGGER "afip_certificados_vencimientos_alta" AFTER INSERT ON "afip_certificados" REFERENCING NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_items_cambio"();--> statement-breakpoint
CREATE TRIGGER "afip_certificados_vencimientos_cambio" AFTER UPDATE ON "afip_certificados" REFERENCING OLD TABLE AS "viejas" NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_items_cambio"();--> statement-breakpoint
CREATE TRIGGER "afip_certificados_vencimientos_baja" AFTER DELETE ON "afip_certificados" REFERENCING OLD TABLE AS "viejas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_items_cambio"();--> statement-breakpoint
CREATE TRIGGER "afip_puntos_venta_vencimientos_alta" AFTER INSERT ON "afip_puntos_venta" REFERENCING NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_items_cambio"();--> statement-breakpoint
CREATE TRIGGER "afip_puntos_venta_vencimientos_cambio" AFTER UPDATE ON "afip_puntos_venta" REFERENCING OLD TABLE AS "viejas" NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_items_cambio"();--> statement-breakpoint
CREATE TRIGGER "afip_puntos_venta_vencimientos_baja" AFTER DELETE ON "afip_puntos_venta" REFERENCING OLD TABLE AS "viejas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_items_cambio"();--> statement-breakpoint
CREATE TRIGGER "physis_licencias_vencimientos_alta" AFTER INSERT ON "physis_licencias" REFERENCING NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_items_cambio"();--> statement-breakpoint
CREATE TRIGGER "physis_licencias_vencimientos_cambio" AFTER UPDATE ON "physis_licencias" REFERENCING OLD TABLE AS "viejas" NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_items_cambio"();--> statement-breakpoint
CREATE TRIGGER "physis_licencias_vencimientos_baja" AFTER DELETE ON "physis_licencias" REFERENCING OLD TABLE AS "viejas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_items_cambio"();--> statement-breakpoint
CREATE TRIGGER "productos_nombre_a_vencimientos" AFTER UPDATE OF "nombre" ON "productos"
  FOR EACH ROW WHEN (OLD."nombre" IS DISTINCT FROM NEW."nombre") EXECUTE FUNCTION "productos_nombre_a_vencimientos"();--> statement-breakpoint
CREATE TRIGGER "empresas_a_vencimientos" AFTER UPDATE ON "empresas" REFERENCING OLD TABLE AS "viejas" NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "empresas_a_vencimientos"();--> statement-breakpoint
CREATE TRIGGER "vencimientos_a_empresas_alta" AFTER INSERT ON "vencimientos" REFERENCING NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_a_empresas"();--> statement-breakpoint
CREATE TRIGGER "vencimientos_a_empresas_baja" AFTER DELETE ON "vencimientos" REFERENCING OLD TABLE AS "viejas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_a_empresas"();--> statement-breakpoint
CREATE TRIGGER "servidores_cliente_a_empresas_alta" AFTER INSERT ON "servidores_cliente" REFERENCING NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "servidores_cliente_a_empresas"();--> statement-breakpoint
CREATE TRIGGER "servidores_cliente_a_empresas_cambio" AFTER UPDATE ON "servidores_cliente" REFERENCING OLD TABLE AS "viejas" NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "servidores_cliente_a_empresas"();--> statement-breakpoint
CREATE TRIGGER "servidores_cliente_a_empresas_baja" AFTER DELETE ON "servidores_cliente" REFERENCING OLD TABLE AS "viejas"
  FOR EACH STATEMENT EXECUTE FUNCTION "servidores_cliente_a_empresas"();--> statement-breakpoint
-- The indexes once the rows are in: the grids' sorts (each with its type or without; the due date in every entry
-- for a period's filter), the clients' sorts with the columns their filters read.
CREATE INDEX "vencimientos_vence_idx" ON "vencimientos" USING btree ("grupo","vence","id");--> statement-breakpoint
CREATE INDEX "vencimientos_cliente_idx" ON "vencimientos" USING btree ("grupo","cliente","id","vence");--> statement-breakpoint
CREATE INDEX "vencimientos_cuit_idx" ON "vencimientos" USING btree ("grupo","cuit","id","vence");--> statement-breakpoint
CREATE INDEX "vencimientos_item_idx" ON "vencimientos" USING btree ("grupo","item","id","vence");--> statement-breakpoint
CREATE INDEX "vencimientos_tipo_idx" ON "vencimientos" USING btree ("grupo","tipo","id","vence");--> statement-breakpoint
CREATE INDEX "vencimientos_tipo_vence_idx" ON "vencimientos" USING btree ("grupo","tipo","vence","id");--> statement-breakpoint
CREATE INDEX "vencimientos_tipo_cliente_idx" ON "vencimientos" USING btree ("grupo","tipo","cliente","id","vence");--> statement-breakpoint
CREATE INDEX "vencimientos_tipo_cuit_idx" ON "vencimientos" USING btree ("grupo","tipo","cuit","id","vence");--> statement-breakpoint
CREATE INDEX "vencimientos_tipo_item_idx" ON "vencimientos" USING btree ("grupo","tipo","item","id","vence");--> statement-breakpoint
CREATE INDEX "vencimientos_busqueda_trgm" ON "vencimientos" USING gin (("cliente" || ' ' || coalesce("nombre_fantasia", '') || ' ' || "cuit" || ' ' || "item") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "empresas_cuit_orden_idx" ON "empresas" USING btree ("cuit","id","provincia","activo","condicion_iva");--> statement-breakpoint
CREATE INDEX "empresas_provincia_orden_idx" ON "empresas" USING btree (coalesce("provincia", ''),"id","provincia","activo","condicion_iva");--> statement-breakpoint
CREATE INDEX "empresas_servidores_count_idx" ON "empresas" USING btree ("servidores_count","id","provincia","activo","condicion_iva");--> statement-breakpoint
CREATE INDEX "empresas_version_physis_idx" ON "empresas" USING btree ("version_physis_orden","id","provincia","activo","condicion_iva");--> statement-breakpoint
CREATE INDEX "empresas_proximo_vencimiento_idx" ON "empresas" USING btree (coalesce("proximo_vencimiento", 'infinity'::date),"id","proximo_vencimiento","provincia","activo","condicion_iva");--> statement-breakpoint
CREATE INDEX "empresas_activo_idx" ON "empresas" USING btree ("activo","id","provincia","condicion_iva");--> statement-breakpoint
CREATE INDEX "empresas_actualizado_idx" ON "empresas" USING btree ("actualizado","id","provincia","activo","condicion_iva");--> statement-breakpoint
CREATE INDEX "empresas_condicion_iva_idx" ON "empresas" USING btree ("condicion_iva","id");--> statement-breakpoint
CREATE INDEX "empresas_razon_social_idx" ON "empresas" USING btree ("razon_social","id","provincia","activo","condicion_iva");--> statement-breakpoint
CREATE INDEX "empresas_localidad_idx" ON "empresas" USING btree (coalesce("localidad", ''),"id","localidad","provincia","activo","condicion_iva");--> statement-breakpoint
CREATE VIEW "public"."vencimientos_proximo" AS (
  select e.id as empresa_id, e.proximo_vencimiento as vence,
         (e.proximo_vencimiento - (now() at time zone 'America/Argentina/Buenos_Aires')::date)::int as dias
    from empresas e
   where e.proximo_vencimiento is not null
);
