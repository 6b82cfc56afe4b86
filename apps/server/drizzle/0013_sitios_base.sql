CREATE TABLE "aplicacion_versiones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aplicacion_versiones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"aplicacion_id" integer NOT NULL,
	"version_code" integer NOT NULL,
	"version_name" text NOT NULL,
	"canal" text NOT NULL,
	"archivo_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"tamano" bigint NOT NULL,
	"min_sdk" integer,
	"target_sdk" integer,
	"firma_sha256" text NOT NULL,
	"novedades" text,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"descargas" integer DEFAULT 0 NOT NULL,
	"publicada" boolean DEFAULT true NOT NULL,
	"publicado_por_id" integer,
	"publicado_por" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aplicacion_versiones_canal_ck" CHECK ("aplicacion_versiones"."canal" in ('estable', 'beta')),
	CONSTRAINT "aplicacion_versiones_descargas_ck" CHECK ("aplicacion_versiones"."descargas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "aplicaciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aplicaciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"package_name" text NOT NULL,
	"nombre" text NOT NULL,
	"resumen" text,
	"descripcion" jsonb NOT NULL,
	"icono_id" integer,
	"categoria" text,
	"publicada" boolean DEFAULT false NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitio_verificaciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sitio_verificaciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sitio_id" integer NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"resultado" text NOT NULL,
	"codigo" text NOT NULL,
	"mensaje" text NOT NULL,
	"host" text NOT NULL,
	"puerto" integer NOT NULL,
	"valido_desde" date,
	"valido_hasta" date,
	"emisor" text,
	"sujeto" text,
	"sans" text[],
	"usuario_id" integer,
	"usuario_nombre" text,
	CONSTRAINT "sitio_verificaciones_resultado_ck" CHECK ("sitio_verificaciones"."resultado" in ('ok', 'advertencia', 'error'))
);
--> statement-breakpoint
CREATE TABLE "sitios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sitios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"url" text NOT NULL,
	"empresa_id" integer,
	"servidor_id" integer,
	"dns_id" integer,
	"estado" text DEFAULT 'activo' NOT NULL,
	"ssl_vence" date,
	"ssl_emisor" text,
	"dominio_vence" date,
	"registrador" text,
	"notas" text,
	"verificado_en" timestamp with time zone,
	"verificacion_resultado" text,
	"verificacion_mensaje" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sitios_estado_ck" CHECK ("sitios"."estado" in ('activo', 'mantenimiento', 'caido', 'baja')),
	CONSTRAINT "sitios_verificacion_ck" CHECK ("sitios"."verificacion_resultado" is null or "sitios"."verificacion_resultado" in ('ok', 'advertencia', 'error')),
	CONSTRAINT "sitios_url_ck" CHECK ("sitios"."url" ~ '^https://')
);
--> statement-breakpoint
ALTER TABLE "aplicacion_versiones" ADD CONSTRAINT "aplicacion_versiones_aplicacion_id_aplicaciones_id_fk" FOREIGN KEY ("aplicacion_id") REFERENCES "public"."aplicaciones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aplicacion_versiones" ADD CONSTRAINT "aplicacion_versiones_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aplicacion_versiones" ADD CONSTRAINT "aplicacion_versiones_publicado_por_id_usuarios_id_fk" FOREIGN KEY ("publicado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aplicaciones" ADD CONSTRAINT "aplicaciones_icono_id_archivos_id_fk" FOREIGN KEY ("icono_id") REFERENCES "public"."archivos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitio_verificaciones" ADD CONSTRAINT "sitio_verificaciones_sitio_id_sitios_id_fk" FOREIGN KEY ("sitio_id") REFERENCES "public"."sitios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitio_verificaciones" ADD CONSTRAINT "sitio_verificaciones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitios" ADD CONSTRAINT "sitios_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitios" ADD CONSTRAINT "sitios_servidor_id_servidores_id_fk" FOREIGN KEY ("servidor_id") REFERENCES "public"."servidores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitios" ADD CONSTRAINT "sitios_dns_id_dns_id_fk" FOREIGN KEY ("dns_id") REFERENCES "public"."dns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aplicacion_versiones_code_uq" ON "aplicacion_versiones" USING btree ("aplicacion_id","version_code");--> statement-breakpoint
CREATE INDEX "aplicacion_versiones_canal_idx" ON "aplicacion_versiones" USING btree ("aplicacion_id","canal","version_code" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "aplicacion_versiones_archivo_idx" ON "aplicacion_versiones" USING btree ("archivo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "aplicaciones_package_name_uq" ON "aplicaciones" USING btree (lower("package_name"));--> statement-breakpoint
CREATE INDEX "aplicaciones_nombre_idx" ON "aplicaciones" USING btree ("nombre","id");--> statement-breakpoint
CREATE INDEX "aplicaciones_categoria_idx" ON "aplicaciones" USING btree ("categoria","id");--> statement-breakpoint
CREATE INDEX "aplicaciones_actualizado_idx" ON "aplicaciones" USING btree ("actualizado","id");--> statement-breakpoint
CREATE INDEX "aplicaciones_busqueda_trgm" ON "aplicaciones" USING gin (("package_name" || ' ' || "nombre" || ' ' || coalesce("resumen", '') || ' ' || coalesce("categoria", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sitio_verificaciones_sitio_idx" ON "sitio_verificaciones" USING btree ("sitio_id","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "sitios_url_uq" ON "sitios" USING btree (lower("url"));--> statement-breakpoint
CREATE INDEX "sitios_nombre_idx" ON "sitios" USING btree ("nombre","id");--> statement-breakpoint
CREATE INDEX "sitios_empresa_idx" ON "sitios" USING btree ("empresa_id");--> statement-breakpoint
CREATE INDEX "sitios_servidor_idx" ON "sitios" USING btree ("servidor_id");--> statement-breakpoint
CREATE INDEX "sitios_dns_idx" ON "sitios" USING btree ("dns_id");--> statement-breakpoint
CREATE INDEX "sitios_ssl_vence_idx" ON "sitios" USING btree ("ssl_vence","id");--> statement-breakpoint
CREATE INDEX "sitios_dominio_vence_idx" ON "sitios" USING btree ("dominio_vence","id");--> statement-breakpoint
CREATE INDEX "sitios_busqueda_trgm" ON "sitios" USING gin (("nombre" || ' ' || "url" || ' ' || coalesce("registrador", '')) gin_trgm_ops);--> statement-breakpoint
CREATE VIEW "public"."sitios_vencimientos" AS (
  select s.id * 2 as id, s.id as sitio_id, 'ssl'::text as tipo, s.empresa_id, s.ssl_vence as vence
    from sitios s
   where s.ssl_vence is not null and s.estado <> 'baja'
  union all
  select s.id * 2 + 1, s.id, 'dominio'::text, s.empresa_id, s.dominio_vence
    from sitios s
   where s.dominio_vence is not null and s.estado <> 'baja'
);