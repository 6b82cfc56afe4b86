CREATE TABLE "desarrollo_estados" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "desarrollo_estados_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"desarrollo_id" integer NOT NULL,
	"desde" text,
	"hacia" text NOT NULL,
	"usuario_id" integer,
	"usuario_nombre" text,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desarrollos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "desarrollos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"titulo" text NOT NULL,
	"empresa_id" integer,
	"producto_id" integer NOT NULL,
	"descripcion" jsonb NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"prioridad" text DEFAULT 'media' NOT NULL,
	"responsable_id" integer,
	"horas_estimadas" numeric(8, 2),
	"horas_reales" numeric(8, 2),
	"fecha_solicitud" date DEFAULT current_date NOT NULL,
	"fecha_compromiso" date,
	"fecha_entrega" date,
	"version_id" integer,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desarrollos_estado_ck" CHECK ("desarrollos"."estado" in ('pendiente', 'analisis', 'desarrollo', 'testing', 'entregado', 'cancelado')),
	CONSTRAINT "desarrollos_prioridad_ck" CHECK ("desarrollos"."prioridad" in ('baja', 'media', 'alta', 'urgente')),
	CONSTRAINT "desarrollos_horas_ck" CHECK (coalesce("desarrollos"."horas_estimadas", 0) >= 0 and coalesce("desarrollos"."horas_reales", 0) >= 0),
	CONSTRAINT "desarrollos_compromiso_ck" CHECK ("desarrollos"."fecha_compromiso" is null or "desarrollos"."fecha_compromiso" >= "desarrollos"."fecha_solicitud"),
	CONSTRAINT "desarrollos_entrega_ck" CHECK ("desarrollos"."fecha_entrega" is null or "desarrollos"."fecha_entrega" >= "desarrollos"."fecha_solicitud")
);
--> statement-breakpoint
ALTER TABLE "desarrollo_estados" ADD CONSTRAINT "desarrollo_estados_desarrollo_id_desarrollos_id_fk" FOREIGN KEY ("desarrollo_id") REFERENCES "public"."desarrollos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desarrollo_estados" ADD CONSTRAINT "desarrollo_estados_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desarrollos" ADD CONSTRAINT "desarrollos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desarrollos" ADD CONSTRAINT "desarrollos_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desarrollos" ADD CONSTRAINT "desarrollos_responsable_id_personas_id_fk" FOREIGN KEY ("responsable_id") REFERENCES "public"."personas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desarrollos" ADD CONSTRAINT "desarrollos_version_id_versiones_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versiones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desarrollo_estados_desarrollo_idx" ON "desarrollo_estados" USING btree ("desarrollo_id","fecha","id");--> statement-breakpoint
CREATE INDEX "desarrollos_estado_idx" ON "desarrollos" USING btree ("estado","id");--> statement-breakpoint
CREATE INDEX "desarrollos_empresa_idx" ON "desarrollos" USING btree ("empresa_id");--> statement-breakpoint
CREATE INDEX "desarrollos_producto_idx" ON "desarrollos" USING btree ("producto_id");--> statement-breakpoint
CREATE INDEX "desarrollos_responsable_idx" ON "desarrollos" USING btree ("responsable_id");--> statement-breakpoint
CREATE INDEX "desarrollos_version_idx" ON "desarrollos" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "desarrollos_compromiso_idx" ON "desarrollos" USING btree ("fecha_compromiso","id");--> statement-breakpoint
CREATE INDEX "desarrollos_actualizado_idx" ON "desarrollos" USING btree ("actualizado","id");--> statement-breakpoint
CREATE INDEX "desarrollos_titulo_trgm" ON "desarrollos" USING gin ("titulo" gin_trgm_ops);