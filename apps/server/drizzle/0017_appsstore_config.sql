CREATE TABLE "appsstore_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"nombre" text NOT NULL,
	"canales" text[] NOT NULL,
	"version_minima" text,
	"mantenimiento" boolean DEFAULT false NOT NULL,
	"mantenimiento_mensaje" text,
	"mantenimiento_desde" timestamp with time zone,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appsstore_config_unica_ck" CHECK ("appsstore_config"."id" = 1),
	CONSTRAINT "appsstore_config_canales_ck" CHECK (cardinality("appsstore_config"."canales") > 0 and "appsstore_config"."canales" <@ array['estable', 'beta']::text[])
);
--> statement-breakpoint
CREATE TABLE "appsstore_destacadas" (
	"aplicacion_id" integer PRIMARY KEY NOT NULL,
	"orden" integer NOT NULL,
	CONSTRAINT "appsstore_destacadas_orden_ck" CHECK ("appsstore_destacadas"."orden" >= 0)
);
--> statement-breakpoint
ALTER TABLE "appsstore_destacadas" ADD CONSTRAINT "appsstore_destacadas_aplicacion_id_aplicaciones_id_fk" FOREIGN KEY ("aplicacion_id") REFERENCES "public"."aplicaciones"("id") ON DELETE cascade ON UPDATE no action;