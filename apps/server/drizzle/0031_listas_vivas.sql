-- The lists that update themselves in the browser (issue 18) read these tables too: they announce their
-- changes on intranet_cambios like the others (0018), one NOTIFY per statement at commit.
CREATE TRIGGER "paquetes_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "paquetes" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "desarrollos_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "desarrollos" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "insights_proyectos_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "insights_proyectos" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
-- The intake updates an issue's counters with every batch: those changes are announced too (the stream sends
-- a list's change at most once a second), its new events are not (insights_eventos stays silent).
CREATE TRIGGER "insights_issues_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "insights_issues" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
