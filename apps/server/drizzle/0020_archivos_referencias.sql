CREATE INDEX "version_assets_archivo_idx" ON "version_assets" USING btree ("archivo_id");--> statement-breakpoint
CREATE INDEX "aplicaciones_icono_idx" ON "aplicaciones" USING btree ("icono_id");