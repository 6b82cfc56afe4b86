DROP INDEX "empresas_razon_social_idx";--> statement-breakpoint
DROP INDEX "vencimientos_vence_idx";--> statement-breakpoint
CREATE INDEX "empresas_razon_social_idx" ON "empresas" USING btree ("razon_social","id","provincia","activo","condicion_iva","nombre_fantasia","cuit","localidad","servidores_count","version_physis","proximo_vencimiento","actualizado");--> statement-breakpoint
CREATE INDEX "vencimientos_vence_idx" ON "vencimientos" USING btree ("grupo","vence","id","tipo","cliente","nombre_fantasia","cuit","item","detalle");