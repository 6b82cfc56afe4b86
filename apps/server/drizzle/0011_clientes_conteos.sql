-- empresas keeps its row count in conteos (see 0004): the unfiltered client list (100k rows) answers its total
-- without scanning the table.
INSERT INTO "conteos" ("tabla", "filas") SELECT 'empresas', count(*) FROM "empresas";
--> statement-breakpoint
CREATE TRIGGER "empresas_conteo_alta" AFTER INSERT ON "empresas" REFERENCING NEW TABLE AS "nuevas"
  FOR EACH STATEMENT EXECUTE FUNCTION "conteos_actualizar"();
--> statement-breakpoint
CREATE TRIGGER "empresas_conteo_baja" AFTER DELETE ON "empresas" REFERENCING OLD TABLE AS "viejas"
  FOR EACH STATEMENT EXECUTE FUNCTION "conteos_actualizar"();
