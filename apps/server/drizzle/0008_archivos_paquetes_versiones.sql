CREATE TABLE "archivos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "archivos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sha256" text NOT NULL,
	"tamano" bigint NOT NULL,
	"tipo" text NOT NULL,
	"nombre" text NOT NULL,
	"descargas" integer DEFAULT 0 NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_assets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "version_assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version_id" integer NOT NULL,
	"archivo_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "versiones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "versiones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"producto_id" integer NOT NULL,
	"numero" text NOT NULL,
	"orden" text NOT NULL,
	"canal" text NOT NULL,
	"estado" text DEFAULT 'borrador' NOT NULL,
	"fecha_publicacion" timestamp with time zone,
	"notas" jsonb NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "versiones_canal_ck" CHECK ("versiones"."canal" in ('estable', 'beta', 'hotfix')),
	CONSTRAINT "versiones_estado_ck" CHECK ("versiones"."estado" in ('borrador', 'publicada', 'retirada'))
);
--> statement-breakpoint
ALTER TABLE "paquetes" ADD COLUMN "version_orden" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "paquetes" ADD COLUMN "archivo_id" integer;--> statement-breakpoint
ALTER TABLE "paquetes" ADD COLUMN "publicado_por_id" integer;--> statement-breakpoint
ALTER TABLE "paquetes" ADD COLUMN "publicado_por" text;--> statement-breakpoint
ALTER TABLE "paquetes" ADD COLUMN "descargas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "paquetes" ADD COLUMN "retirado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "version_assets" ADD CONSTRAINT "version_assets_version_id_versiones_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versiones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_assets" ADD CONSTRAINT "version_assets_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "versiones" ADD CONSTRAINT "versiones_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "archivos_sha256_uq" ON "archivos" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "version_assets_nombre_uq" ON "version_assets" USING btree ("version_id",lower("nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "versiones_producto_numero_uq" ON "versiones" USING btree ("producto_id",lower("numero"));--> statement-breakpoint
CREATE INDEX "versiones_producto_orden_idx" ON "versiones" USING btree ("producto_id","orden" collate "C");--> statement-breakpoint
CREATE INDEX "versiones_actualizado_idx" ON "versiones" USING btree ("actualizado","id");--> statement-breakpoint
ALTER TABLE "paquetes" ADD CONSTRAINT "paquetes_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paquetes" ADD CONSTRAINT "paquetes_publicado_por_id_usuarios_id_fk" FOREIGN KEY ("publicado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paquetes_archivo_idx" ON "paquetes" USING btree ("archivo_id");--> statement-breakpoint
CREATE INDEX "paquetes_busqueda_trgm" ON "paquetes" USING gin (("nombre" || ' ' || coalesce("producto", '') || ' ' || coalesce("version", '') || ' ' || coalesce("notas", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "paquetes" ADD CONSTRAINT "paquetes_canal_ck" CHECK ("paquetes"."canal" is null or "paquetes"."canal" in ('estable', 'beta', 'hotfix'));