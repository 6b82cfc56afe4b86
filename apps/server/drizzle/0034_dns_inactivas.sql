-- The DNS list filtered to its inactive entries (a few in a hundred), in each of its sorts: without these a page
-- walked every active entry before it (60–390 ms at 1M rows), and the capped total counted them the same way.
CREATE INDEX "dns_inactivas_host_idx" ON "dns" USING btree ("host","id") WHERE not "dns"."activo";--> statement-breakpoint
CREATE INDEX "dns_inactivas_servidor_idx" ON "dns" USING btree ("servidor_nombre","id") WHERE not "dns"."activo";--> statement-breakpoint
CREATE INDEX "dns_inactivas_tipo_idx" ON "dns" USING btree ("tipo","id") WHERE not "dns"."activo";--> statement-breakpoint
CREATE INDEX "dns_inactivas_ttl_idx" ON "dns" USING btree ("ttl","id") WHERE not "dns"."activo";