ALTER TABLE "servidores" DROP CONSTRAINT "servidores_nombre_unique";--> statement-breakpoint
CREATE INDEX "dns_host_idx" ON "dns" USING btree ("host","id");--> statement-breakpoint
CREATE INDEX "dns_tipo_idx" ON "dns" USING btree ("tipo","id");--> statement-breakpoint
CREATE INDEX "dns_ttl_idx" ON "dns" USING btree ("ttl","id");--> statement-breakpoint
CREATE INDEX "intentos_ingreso_fecha_idx" ON "intentos_ingreso" USING btree ("fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "servidores_nombre_uq" ON "servidores" USING btree (lower("nombre"));--> statement-breakpoint
CREATE INDEX "servidores_nombre_idx" ON "servidores" USING btree ("nombre","id");--> statement-breakpoint
CREATE INDEX "servidores_busqueda_trgm" ON "servidores" USING gin (("nombre" || ' ' || coalesce("hostname", '') || ' ' || coalesce("ip_publica", '') || ' ' || coalesce("ip_privada", '') || ' ' || coalesce("proveedor", '') || ' ' || coalesce("rol", '')) gin_trgm_ops);