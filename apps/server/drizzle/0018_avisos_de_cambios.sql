-- Tables that announce their changes on the channel intranet_cambios (one NOTIFY per statement, sent at
-- commit, deduplicated per transaction): every server process drops the cached reads and sessions that
-- depend on them (plugins/cache.ts, plugins/access.ts). A cached route may read only such tables; the
-- server refuses to start otherwise. A table joins with one trigger named "<tabla>_aviso".
CREATE FUNCTION "avisar_cambio"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('intranet_cambios', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "servidores_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "servidores" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "dns_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dns" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "direcciones_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "direcciones" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "empresas_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "empresas" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "servidores_cliente_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "servidores_cliente" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "servidores_cliente_dns_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "servidores_cliente_dns" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "afip_certificados_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "afip_certificados" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "afip_puntos_venta_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "afip_puntos_venta" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "physis_licencias_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "physis_licencias" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "productos_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "productos" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "personas_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "personas" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "usuarios_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "usuarios" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "roles_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "rol_permisos_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rol_permisos" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
CREATE TRIGGER "usuario_roles_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "usuario_roles" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
--> statement-breakpoint
-- Sessions announce only their end (revocation, deletion): sign-ins and the once-a-minute last use do not.
CREATE TRIGGER "sesiones_aviso" AFTER UPDATE OF "revocada" OR DELETE OR TRUNCATE ON "sesiones" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
