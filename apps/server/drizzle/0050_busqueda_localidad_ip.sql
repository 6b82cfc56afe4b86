-- The command palette finds clients by the start of their town in any case, and by an IP address of one of their
-- servers: an index for each.
CREATE INDEX "empresas_localidad_lower_idx" ON "empresas" USING btree (lower(coalesce("localidad", '')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "servidores_cliente_ip_idx" ON "servidores_cliente" USING btree ("ip");