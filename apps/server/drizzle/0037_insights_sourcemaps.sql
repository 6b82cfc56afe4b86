-- Issue 22: source maps from sentry-cli (chunks by SHA-1, artifact bundles unpacked into their files by URL and debug id),
-- releases created by the CLI, and on issues the role they are assigned to and the release they were resolved in.
CREATE TABLE "insights_bundle_archivos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insights_bundle_archivos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bundle_id" integer NOT NULL,
	"url" text NOT NULL,
	"tipo" text NOT NULL,
	"debug_id" text,
	"sourcemap" text,
	"archivo_id" integer NOT NULL,
	"tamano" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_bundles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insights_bundles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proyecto_id" integer NOT NULL,
	"checksum" text NOT NULL,
	"release" text,
	"dist" text,
	"tamano" bigint NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_chunks" (
	"sha1" text PRIMARY KEY NOT NULL,
	"archivo_id" integer NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_releases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insights_releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proyecto_id" integer NOT NULL,
	"version" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"finalizado" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "insights_issues" ADD COLUMN "asignado_rol_id" integer;--> statement-breakpoint
ALTER TABLE "insights_issues" ADD COLUMN "resuelta_en_release" text;--> statement-breakpoint
ALTER TABLE "insights_bundle_archivos" ADD CONSTRAINT "insights_bundle_archivos_bundle_id_insights_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."insights_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_bundle_archivos" ADD CONSTRAINT "insights_bundle_archivos_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_bundles" ADD CONSTRAINT "insights_bundles_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_chunks" ADD CONSTRAINT "insights_chunks_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_releases" ADD CONSTRAINT "insights_releases_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insights_bundle_archivos_bundle_idx" ON "insights_bundle_archivos" USING btree ("bundle_id","url");--> statement-breakpoint
CREATE INDEX "insights_bundle_archivos_debug_idx" ON "insights_bundle_archivos" USING btree ("debug_id");--> statement-breakpoint
CREATE INDEX "insights_bundle_archivos_archivo_idx" ON "insights_bundle_archivos" USING btree ("archivo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insights_bundles_checksum_uq" ON "insights_bundles" USING btree ("proyecto_id","checksum");--> statement-breakpoint
CREATE INDEX "insights_bundles_release_idx" ON "insights_bundles" USING btree ("proyecto_id","release");--> statement-breakpoint
CREATE INDEX "insights_chunks_archivo_idx" ON "insights_chunks" USING btree ("archivo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insights_releases_version_uq" ON "insights_releases" USING btree ("proyecto_id","version");--> statement-breakpoint
ALTER TABLE "insights_issues" ADD CONSTRAINT "insights_issues_asignado_rol_id_roles_id_fk" FOREIGN KEY ("asignado_rol_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;