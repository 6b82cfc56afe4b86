DROP INDEX "empresas_provincia_idx";--> statement-breakpoint
CREATE INDEX "empresas_provincia_razon_social_idx" ON "empresas" USING btree ("provincia","razon_social","id");