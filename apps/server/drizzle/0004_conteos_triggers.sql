-- Keeps conteos.filas exact for the tables listed in it: one statement trigger per insert and per delete.
-- Only dns for now (the one list expected to reach 100k rows); a table joins with one insert and two triggers.
CREATE FUNCTION "conteos_actualizar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "conteos" SET "filas" = "filas" + (SELECT count(*) FROM "nuevas") WHERE "tabla" = TG_TABLE_NAME;
  ELSE
    UPDATE "conteos" SET "filas" = "filas" - (SELECT count(*) FROM "viejas") WHERE "tabla" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO "conteos" ("tabla", "filas") SELECT 'dns', count(*) FROM "dns";
--> statement-breakpoint
CREATE TRIGGER "dns_conteo_alta" AFTER INSERT ON "dns" REFERENCING NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "conteos_actualizar"();
--> statement-breakpoint
CREATE TRIGGER "dns_conteo_baja" AFTER DELETE ON "dns" REFERENCING OLD TABLE AS "viejas"
  FOR EACH STATEMENT EXECUTE FUNCTION "conteos_actualizar"();
