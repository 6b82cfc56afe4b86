-- Issue 23: certificate requests generated in the portal (afip_solicitudes: the CSR and its key, sealed with
-- SECRETS_KEY, until AFIP's certificate is imported and paired); an imported certificate keeps its file (pem) and,
-- once paired, its sealed key; the one it renews is marked replaced (reemplazado_por) and leaves the AFIP grid, the
-- clients' next expiry and the expiry alerts.
CREATE TABLE "afip_solicitudes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "afip_solicitudes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"empresa_id" integer NOT NULL,
	"renueva_id" integer,
	"cuit" text NOT NULL,
	"razon_social" text NOT NULL,
	"alias" text NOT NULL,
	"ambiente" text NOT NULL,
	"servicios" text[] DEFAULT '{}'::text[] NOT NULL,
	"csr" text NOT NULL,
	"clave_publica" text NOT NULL,
	"clave_cifrada" text NOT NULL,
	"usuario_nombre" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "afip_solicitudes_ambiente_ck" CHECK ("afip_solicitudes"."ambiente" in ('homologacion', 'produccion')),
	CONSTRAINT "afip_solicitudes_cuit_ck" CHECK ("afip_solicitudes"."cuit" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
DROP INDEX "afip_certificados_vence_idx";--> statement-breakpoint
ALTER TABLE "afip_certificados" ADD COLUMN "pem" text;--> statement-breakpoint
ALTER TABLE "afip_certificados" ADD COLUMN "clave_cifrada" text;--> statement-breakpoint
ALTER TABLE "afip_certificados" ADD COLUMN "reemplazado_por" integer;--> statement-breakpoint
ALTER TABLE "afip_solicitudes" ADD CONSTRAINT "afip_solicitudes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "afip_solicitudes" ADD CONSTRAINT "afip_solicitudes_renueva_id_afip_certificados_id_fk" FOREIGN KEY ("renueva_id") REFERENCES "public"."afip_certificados"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "afip_solicitudes_clave_uq" ON "afip_solicitudes" USING btree ("clave_publica");--> statement-breakpoint
CREATE INDEX "afip_solicitudes_empresa_idx" ON "afip_solicitudes" USING btree ("empresa_id");--> statement-breakpoint
CREATE INDEX "afip_solicitudes_renueva_idx" ON "afip_solicitudes" USING btree ("renueva_id");--> statement-breakpoint
ALTER TABLE "afip_certificados" ADD CONSTRAINT "afip_certificados_reemplazado_por_afip_certificados_id_fk" FOREIGN KEY ("reemplazado_por") REFERENCES "public"."afip_certificados"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "afip_certificados_vence_idx" ON "afip_certificados" USING btree ("vence",("id" * 4 + 1)) WHERE "afip_certificados"."reemplazado_por" is null;--> statement-breakpoint
-- CREATE OR REPLACE: vencimientos_proximo depends on this view (same columns; a replaced certificate leaves it).
CREATE OR REPLACE VIEW "public"."vencimientos" AS (
  select u.id, u.tipo, u.grupo, u.item_id, u.empresa_id, u.item, u.detalle, u.vence
    from (
      select c.id * 4 + 1 as id, 'certificado'::text as tipo, 'afip'::text as grupo, c.id as item_id, c.empresa_id,
             coalesce(c.alias, c.cn) as item,
             (case c.ambiente when 'produccion' then 'Producción' else 'Homologación' end)
               || case when cardinality(c.servicios) > 0 then ' · ' || array_to_string(c.servicios, ', ') else '' end as detalle,
             c.vence, c.reemplazado_por is null as vigente
        from afip_certificados c
      union all
      select p.id * 4 + 2, 'punto_venta'::text, 'afip'::text, p.id, p.empresa_id,
             'PV ' || lpad(p.numero::text, 5, '0'), 'CAI' || coalesce(' · ' || p.descripcion, ''), p.cai_vence, true
        from afip_puntos_venta p
      union all
      select l.id * 4 + 3, 'licencia'::text, 'physis'::text, l.id, l.empresa_id,
             (select pr.nombre from productos pr where pr.id = l.producto_id) || coalesce(' · ' || l.modulo, ''),
             (case l.tipo when 'anual' then 'Anual' when 'mensual' then 'Mensual' else 'Perpetua' end) || ' · ' || l.usuarios
               || case when l.usuarios = 1 then ' usuario' else ' usuarios' end,
             l.vence, l.baja is null
        from physis_licencias l
    ) u
   where u.vence is not null and u.vigente
);--> statement-breakpoint
-- The new code CLIENTES#CERTIFICADOS belongs to the Administrador role, as every code does (db/seed.ts ROLES).
INSERT INTO "rol_permisos" ("rol_id", "codigo") SELECT "id", 'CLIENTES#CERTIFICADOS' FROM "roles" WHERE "nombre" = 'Administrador' ON CONFLICT DO NOTHING;
