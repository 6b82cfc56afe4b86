-- The lists of every area update themselves in the browser: the tables they read that did not announce their
-- changes yet now do so on intranet_cambios like the others (0018, 0031), one NOTIFY per statement at commit.
CREATE TRIGGER "maquinas_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "maquinas" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "maquina_asignaciones_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "maquina_asignaciones" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "aplicaciones_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "aplicaciones" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "aplicacion_versiones_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "aplicacion_versiones" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "sitios_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sitios" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "versiones_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "versiones" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "version_assets_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "version_assets" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "actualizaciones_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "actualizaciones" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "notificaciones_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notificaciones" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
