-- The DNS list filtered, in each of its sorts. The inactive entries (a few in a hundred): a page walked every active
-- entry before it (60–390 ms at 1M rows) and the capped total counted them the same way. One type (a third): a page
-- walked the sort's index testing each entry's type (16–32 ms for the 400th page); here both skip index entries only.
CREATE INDEX "dns_inactivas_host_idx" ON "dns" USING btree ("host","id") WHERE not "dns"."activo";--> statement-breakpoint
CREATE INDEX "dns_inactivas_servidor_idx" ON "dns" USING btree ("servidor_nombre","id") WHERE not "dns"."activo";--> statement-breakpoint
CREATE INDEX "dns_inactivas_tipo_idx" ON "dns" USING btree ("tipo","id") WHERE not "dns"."activo";--> statement-breakpoint
CREATE INDEX "dns_inactivas_ttl_idx" ON "dns" USING btree ("ttl","id") WHERE not "dns"."activo";--> statement-breakpoint
CREATE INDEX "dns_tipo_host_idx" ON "dns" USING btree ("tipo","host","id");--> statement-breakpoint
CREATE INDEX "dns_tipo_servidor_idx" ON "dns" USING btree ("tipo","servidor_nombre","id");--> statement-breakpoint
CREATE INDEX "dns_tipo_ttl_idx" ON "dns" USING btree ("tipo","ttl","id");