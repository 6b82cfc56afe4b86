CREATE TABLE "insights_salud_alertas" (
	"proyecto_id" integer PRIMARY KEY NOT NULL,
	"umbral" double precision NOT NULL,
	"minimo_sesiones" integer NOT NULL,
	CONSTRAINT "insights_salud_alertas_umbral_ck" CHECK ("insights_salud_alertas"."umbral" >= 0 and "insights_salud_alertas"."umbral" <= 100),
	CONSTRAINT "insights_salud_alertas_minimo_ck" CHECK ("insights_salud_alertas"."minimo_sesiones" >= 1)
);
--> statement-breakpoint
-- Sessions partitioned by month of `inicio`, as the events are (migration 0032): the id from a plain sequence.
CREATE SEQUENCE "insights_sesiones_id_seq" AS bigint;--> statement-breakpoint
CREATE TABLE "insights_sesiones" (
	"id" bigint DEFAULT nextval('insights_sesiones_id_seq') NOT NULL,
	"proyecto_id" integer NOT NULL,
	"sid" text,
	"inicio" timestamp with time zone NOT NULL,
	"actualizado" timestamp with time zone NOT NULL,
	"release" text NOT NULL,
	"environment" text,
	"usuario" text,
	"sesiones" integer NOT NULL,
	"errored" integer DEFAULT 0 NOT NULL,
	"abnormal" integer DEFAULT 0 NOT NULL,
	"crashed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_sesiones_pkey" PRIMARY KEY("inicio","id")
) PARTITION BY RANGE ("inicio");--> statement-breakpoint
ALTER SEQUENCE "insights_sesiones_id_seq" OWNED BY "insights_sesiones"."id";--> statement-breakpoint
-- A start outside every month's partition (a client's clock far off) lands here.
CREATE TABLE "insights_sesiones_defecto" PARTITION OF "insights_sesiones" DEFAULT;--> statement-breakpoint
-- The previous month (release health looks two weeks back), this one and the next two, as the retention job
-- names them (areas/insights/retencion.ts); it prepares the rest.
DO $$
DECLARE
  actual timestamp := date_trunc('month', now() at time zone 'UTC');
  mes timestamp := actual - interval '1 month';
BEGIN
  WHILE mes <= actual + interval '2 months' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "insights_sesiones" FOR VALUES FROM (%L) TO (%L)',
      'insights_sesiones_' || to_char(mes, 'YYYY_MM'),
      to_char(mes, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char(mes + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
    mes := mes + interval '1 month';
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "insights_salud_alertas" ADD CONSTRAINT "insights_salud_alertas_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_sesiones" ADD CONSTRAINT "insights_sesiones_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insights_sesiones_sid_uq" ON "insights_sesiones" USING btree ("proyecto_id","sid","inicio");--> statement-breakpoint
CREATE INDEX "insights_sesiones_proyecto_idx" ON "insights_sesiones" USING btree ("proyecto_id","inicio","release");