CREATE TABLE "afip_certificados" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "afip_certificados_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"empresa_id" integer NOT NULL,
	"cuit" text NOT NULL,
	"alias" text,
	"cn" text NOT NULL,
	"ambiente" text NOT NULL,
	"servicios" text[] DEFAULT '{}'::text[] NOT NULL,
	"emitido" date NOT NULL,
	"vence" date NOT NULL,
	"serial" text NOT NULL,
	"huella" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "afip_certificados_ambiente_ck" CHECK ("afip_certificados"."ambiente" in ('homologacion', 'produccion')),
	CONSTRAINT "afip_certificados_cuit_ck" CHECK ("afip_certificados"."cuit" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
CREATE TABLE "afip_puntos_venta" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "afip_puntos_venta_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"empresa_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"modalidad" text NOT NULL,
	"cai_vence" date,
	"descripcion" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "afip_puntos_venta_modalidad_ck" CHECK ("afip_puntos_venta"."modalidad" in ('cae', 'caea', 'cai', 'controlador_fiscal')),
	CONSTRAINT "afip_puntos_venta_numero_ck" CHECK ("afip_puntos_venta"."numero" between 1 and 99999),
	CONSTRAINT "afip_puntos_venta_cai_ck" CHECK ("afip_puntos_venta"."modalidad" <> 'cai' or "afip_puntos_venta"."cai_vence" is not null)
);
--> statement-breakpoint
CREATE TABLE "physis_licencias" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "physis_licencias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"empresa_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	"modulo" text,
	"tipo" text NOT NULL,
	"usuarios" integer DEFAULT 1 NOT NULL,
	"serial" text,
	"inicio" date NOT NULL,
	"vence" date,
	"baja" date,
	"renovacion_auto" boolean DEFAULT false NOT NULL,
	"contacto_id" integer,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "physis_licencias_tipo_ck" CHECK ("physis_licencias"."tipo" in ('anual', 'mensual', 'perpetua')),
	CONSTRAINT "physis_licencias_vence_ck" CHECK ("physis_licencias"."tipo" = 'perpetua' or "physis_licencias"."vence" is not null),
	CONSTRAINT "physis_licencias_usuarios_ck" CHECK ("physis_licencias"."usuarios" > 0)
);
--> statement-breakpoint
CREATE TABLE "vencimiento_renovaciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vencimiento_renovaciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"item_id" integer NOT NULL,
	"vence_anterior" date NOT NULL,
	"vence_nuevo" date NOT NULL,
	"nota" text,
	"usuario_id" integer,
	"usuario_nombre" text,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vencimiento_renovaciones_tipo_ck" CHECK ("vencimiento_renovaciones"."tipo" in ('certificado', 'punto_venta', 'licencia'))
);
--> statement-breakpoint
CREATE TABLE "actualizaciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "actualizaciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"empresa_id" integer NOT NULL,
	"servidor_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	"version_desde_id" integer,
	"version_hasta_id" integer NOT NULL,
	"paquete_id" integer,
	"fecha" timestamp with time zone NOT NULL,
	"persona_id" integer,
	"resultado" text NOT NULL,
	"log" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "actualizaciones_resultado_ck" CHECK ("actualizaciones"."resultado" in ('ok', 'error', 'parcial'))
);
--> statement-breakpoint
ALTER TABLE "afip_certificados" ADD CONSTRAINT "afip_certificados_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "afip_puntos_venta" ADD CONSTRAINT "afip_puntos_venta_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physis_licencias" ADD CONSTRAINT "physis_licencias_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physis_licencias" ADD CONSTRAINT "physis_licencias_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physis_licencias" ADD CONSTRAINT "physis_licencias_contacto_id_personas_id_fk" FOREIGN KEY ("contacto_id") REFERENCES "public"."personas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vencimiento_renovaciones" ADD CONSTRAINT "vencimiento_renovaciones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actualizaciones" ADD CONSTRAINT "actualizaciones_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actualizaciones" ADD CONSTRAINT "actualizaciones_servidor_id_servidores_cliente_id_fk" FOREIGN KEY ("servidor_id") REFERENCES "public"."servidores_cliente"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actualizaciones" ADD CONSTRAINT "actualizaciones_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actualizaciones" ADD CONSTRAINT "actualizaciones_version_desde_id_versiones_id_fk" FOREIGN KEY ("version_desde_id") REFERENCES "public"."versiones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actualizaciones" ADD CONSTRAINT "actualizaciones_version_hasta_id_versiones_id_fk" FOREIGN KEY ("version_hasta_id") REFERENCES "public"."versiones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actualizaciones" ADD CONSTRAINT "actualizaciones_paquete_id_paquetes_id_fk" FOREIGN KEY ("paquete_id") REFERENCES "public"."paquetes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actualizaciones" ADD CONSTRAINT "actualizaciones_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "afip_certificados_huella_uq" ON "afip_certificados" USING btree ("empresa_id","huella");--> statement-breakpoint
CREATE INDEX "afip_certificados_empresa_idx" ON "afip_certificados" USING btree ("empresa_id");--> statement-breakpoint
CREATE INDEX "afip_certificados_vence_idx" ON "afip_certificados" USING btree ("vence","id");--> statement-breakpoint
CREATE UNIQUE INDEX "afip_puntos_venta_numero_uq" ON "afip_puntos_venta" USING btree ("empresa_id","numero");--> statement-breakpoint
CREATE INDEX "afip_puntos_venta_vence_idx" ON "afip_puntos_venta" USING btree ("cai_vence","id");--> statement-breakpoint
CREATE INDEX "physis_licencias_empresa_idx" ON "physis_licencias" USING btree ("empresa_id");--> statement-breakpoint
CREATE INDEX "physis_licencias_producto_idx" ON "physis_licencias" USING btree ("producto_id");--> statement-breakpoint
CREATE INDEX "physis_licencias_vence_idx" ON "physis_licencias" USING btree ("vence","id");--> statement-breakpoint
CREATE INDEX "vencimiento_renovaciones_item_idx" ON "vencimiento_renovaciones" USING btree ("tipo","item_id","fecha");--> statement-breakpoint
CREATE INDEX "actualizaciones_fecha_idx" ON "actualizaciones" USING btree ("fecha","id");--> statement-breakpoint
CREATE INDEX "actualizaciones_empresa_idx" ON "actualizaciones" USING btree ("empresa_id","fecha");--> statement-breakpoint
CREATE INDEX "actualizaciones_servidor_producto_idx" ON "actualizaciones" USING btree ("servidor_id","producto_id","fecha");--> statement-breakpoint
CREATE INDEX "actualizaciones_version_hasta_idx" ON "actualizaciones" USING btree ("version_hasta_id");--> statement-breakpoint
CREATE VIEW "public"."vencimientos" AS (
  select c.id * 4 + 1 as id, 'certificado'::text as tipo, 'afip'::text as grupo, c.id as item_id, c.empresa_id,
         coalesce(c.alias, c.cn) as item,
         (case c.ambiente when 'produccion' then 'Producción' else 'Homologación' end)
           || case when cardinality(c.servicios) > 0 then ' · ' || array_to_string(c.servicios, ', ') else '' end as detalle,
         c.vence
    from afip_certificados c
  union all
  select p.id * 4 + 2, 'punto_venta', 'afip', p.id, p.empresa_id,
         'PV ' || lpad(p.numero::text, 5, '0'), 'CAI' || coalesce(' · ' || p.descripcion, ''), p.cai_vence
    from afip_puntos_venta p
   where p.cai_vence is not null
  union all
  select l.id * 4 + 3, 'licencia', 'physis', l.id, l.empresa_id,
         pr.nombre || coalesce(' · ' || l.modulo, ''),
         (case l.tipo when 'anual' then 'Anual' when 'mensual' then 'Mensual' else 'Perpetua' end) || ' · ' || l.usuarios
           || case when l.usuarios = 1 then ' usuario' else ' usuarios' end,
         l.vence
    from physis_licencias l
    join productos pr on pr.id = l.producto_id
   where l.vence is not null and l.baja is null
);--> statement-breakpoint
CREATE VIEW "public"."vencimientos_proximo" AS (
  select v.empresa_id, min(v.vence) as vence,
         (min(v.vence) - (now() at time zone 'America/Argentina/Buenos_Aires')::date)::int as dias
    from vencimientos v
   group by v.empresa_id
);