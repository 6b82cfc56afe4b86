-- Each expiry grid keeps its row count in conteos (see 0004), as `vencimientos_afip` and `vencimientos_physis`:
-- the unfiltered grid answers its exact total without counting 1.6M rows, and its last page is read from the end
-- (without it, the total was an estimate and the last page walked the whole grid past its offset: 160–210 ms).
-- A grid row's group never changes: an item's change inserts, updates or deletes its rows (0065), and only inserts
-- and deletes move the counts (an upsert's updated rows reach no insert trigger's transition table).
CREATE FUNCTION "vencimientos_conteos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "conteos" c SET "filas" = c."filas" + n.filas
      FROM (SELECT 'vencimientos_' || "grupo" AS tabla, count(*) AS filas FROM "nuevas" GROUP BY "grupo") n
     WHERE c."tabla" = n.tabla;
  ELSE
    UPDATE "conteos" c SET "filas" = c."filas" - v.filas
      FROM (SELECT 'vencimientos_' || "grupo" AS tabla, count(*) AS filas FROM "viejas" GROUP BY "grupo") v
     WHERE c."tabla" = v.tabla;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO "conteos" ("tabla", "filas")
SELECT 'vencimientos_' || g.grupo, (SELECT count(*) FROM "vencimientos" v WHERE v."grupo" = g.grupo)
  FROM (VALUES ('afip'), ('physis')) g(grupo);
--> statement-breakpoint
CREATE TRIGGER "vencimientos_conteo_alta" AFTER INSERT ON "vencimientos" REFERENCING NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_conteos"();
--> statement-breakpoint
CREATE TRIGGER "vencimientos_conteo_baja" AFTER DELETE ON "vencimientos" REFERENCING OLD TABLE AS "viejas"
  FOR EACH STATEMENT EXECUTE FUNCTION "vencimientos_conteos"();
