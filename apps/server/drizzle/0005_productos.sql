CREATE TABLE "productos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "productos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"linea" text,
	"tipo" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"responsable" text,
	"descripcion" jsonb NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productos_tipo_ck" CHECK ("productos"."tipo" in ('escritorio', 'web', 'movil', 'servicio'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "productos_codigo_uq" ON "productos" USING btree (lower("codigo"));--> statement-breakpoint
CREATE INDEX "productos_codigo_idx" ON "productos" USING btree ("codigo","id");--> statement-breakpoint
CREATE INDEX "productos_nombre_idx" ON "productos" USING btree ("nombre","id");--> statement-breakpoint
CREATE INDEX "productos_busqueda_trgm" ON "productos" USING gin (("codigo" || ' ' || "nombre" || ' ' || coalesce("linea", '') || ' ' || coalesce("responsable", '')) gin_trgm_ops);