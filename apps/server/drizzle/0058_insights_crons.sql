-- Check-ins are kept as the events are (migration 0032): one partition per UTC month of `fecha`, a default one
-- for the rest, and a sequence since a partitioned table takes no identity column before PostgreSQL 17.
CREATE SEQUENCE "insights_checkins_id_seq" AS bigint;--> statement-breakpoint
CREATE TABLE "insights_checkins" (
	"id" bigint DEFAULT nextval('insights_checkins_id_seq') NOT NULL,
	"proyecto_id" integer NOT NULL,
	"monitor_id" integer NOT NULL,
	"check_in_id" text NOT NULL,
	"estado" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"duracion" double precision,
	"environment" text,
	"release" text,
	"recibido" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insights_checkins_pkey" PRIMARY KEY("fecha","id")
) PARTITION BY RANGE ("fecha");
--> statement-breakpoint
ALTER SEQUENCE "insights_checkins_id_seq" OWNED BY "insights_checkins"."id";--> statement-breakpoint
CREATE TABLE "insights_checkins_defecto" PARTITION OF "insights_checkins" DEFAULT;--> statement-breakpoint
-- This month and the next two, as the retention job names them (areas/insights/retencion.ts), which prepares later ones.
DO $$
DECLARE
  actual timestamp := date_trunc('month', now() at time zone 'UTC');
  mes timestamp := actual;
BEGIN
  WHILE mes <= actual + interval '2 months' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "insights_checkins" FOR VALUES FROM (%L) TO (%L)',
      'insights_checkins_' || to_char(mes, 'YYYY_MM'),
      to_char(mes, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char(mes + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
    mes := mes + interval '1 month';
  END LOOP;
END $$;--> statement-breakpoint
CREATE TABLE "insights_monitores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insights_monitores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proyecto_id" integer NOT NULL,
	"slug" text NOT NULL,
	"nombre" text NOT NULL,
	"programa_tipo" text NOT NULL,
	"crontab" text,
	"intervalo" integer,
	"unidad" text,
	"margen_minutos" integer DEFAULT 1 NOT NULL,
	"max_minutos" integer DEFAULT 30 NOT NULL,
	"zona" text DEFAULT 'UTC' NOT NULL,
	"proxima" timestamp with time zone,
	"ultimo_checkin" timestamp with time zone,
	"ultimo_estado" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insights_checkins" ADD CONSTRAINT "insights_checkins_monitor_id_insights_monitores_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."insights_monitores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_monitores" ADD CONSTRAINT "insights_monitores_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insights_checkins_monitor_idx" ON "insights_checkins" USING btree ("monitor_id","fecha");--> statement-breakpoint
CREATE INDEX "insights_checkins_check_in_id_idx" ON "insights_checkins" USING btree ("monitor_id","check_in_id");--> statement-breakpoint
CREATE INDEX "insights_checkins_en_curso_idx" ON "insights_checkins" USING btree ("fecha") WHERE "insights_checkins"."estado" = 'in_progress';--> statement-breakpoint
CREATE INDEX "insights_checkins_fallas_idx" ON "insights_checkins" USING btree ("recibido") WHERE "insights_checkins"."estado" in ('missed', 'error', 'timeout');--> statement-breakpoint
CREATE UNIQUE INDEX "insights_monitores_slug_uq" ON "insights_monitores" USING btree ("proyecto_id","slug");--> statement-breakpoint
CREATE INDEX "insights_monitores_proxima_idx" ON "insights_monitores" USING btree ("proxima");