-- Attachments and logs partitioned by month of `fecha`, as the events are (migration 0032): the id from a plain
-- sequence (a partitioned table takes no identity column before PostgreSQL 17).
CREATE SEQUENCE "insights_adjuntos_id_seq" AS bigint;--> statement-breakpoint
CREATE TABLE "insights_adjuntos" (
	"id" bigint DEFAULT nextval('insights_adjuntos_id_seq') NOT NULL,
	"proyecto_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"recibido" timestamp with time zone DEFAULT now() NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"clase" text NOT NULL,
	"tamano" integer NOT NULL,
	"archivo_id" integer NOT NULL,
	CONSTRAINT "insights_adjuntos_pkey" PRIMARY KEY("fecha","id")
) PARTITION BY RANGE ("fecha");--> statement-breakpoint
ALTER SEQUENCE "insights_adjuntos_id_seq" OWNED BY "insights_adjuntos"."id";--> statement-breakpoint
-- A timestamp outside every month's partition (a client's clock far off) lands here.
CREATE TABLE "insights_adjuntos_defecto" PARTITION OF "insights_adjuntos" DEFAULT;--> statement-breakpoint
-- This month and the next two, as the retention job names them (areas/insights/retencion.ts); it prepares the rest.
DO $$
DECLARE
  actual timestamp := date_trunc('month', now() at time zone 'UTC');
  mes timestamp := actual;
BEGIN
  WHILE mes <= actual + interval '2 months' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "insights_adjuntos" FOR VALUES FROM (%L) TO (%L)',
      'insights_adjuntos_' || to_char(mes, 'YYYY_MM'),
      to_char(mes, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char(mes + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
    mes := mes + interval '1 month';
  END LOOP;
END $$;
--> statement-breakpoint
CREATE SEQUENCE "insights_logs_id_seq" AS bigint;--> statement-breakpoint
CREATE TABLE "insights_logs" (
	"id" bigint DEFAULT nextval('insights_logs_id_seq') NOT NULL,
	"proyecto_id" integer NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"recibido" timestamp with time zone DEFAULT now() NOT NULL,
	"nivel" text NOT NULL,
	"cuerpo" text NOT NULL,
	"trace_id" text,
	"atributos" jsonb NOT NULL,
	"release" text,
	"environment" text,
	CONSTRAINT "insights_logs_pkey" PRIMARY KEY("fecha","id")
) PARTITION BY RANGE ("fecha");--> statement-breakpoint
ALTER SEQUENCE "insights_logs_id_seq" OWNED BY "insights_logs"."id";--> statement-breakpoint
-- A timestamp outside every month's partition (a client's clock far off) lands here.
CREATE TABLE "insights_logs_defecto" PARTITION OF "insights_logs" DEFAULT;--> statement-breakpoint
-- This month and the next two, as the retention job names them (areas/insights/retencion.ts); it prepares the rest.
DO $$
DECLARE
  actual timestamp := date_trunc('month', now() at time zone 'UTC');
  mes timestamp := actual;
BEGIN
  WHILE mes <= actual + interval '2 months' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "insights_logs" FOR VALUES FROM (%L) TO (%L)',
      'insights_logs_' || to_char(mes, 'YYYY_MM'),
      to_char(mes, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char(mes + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
    mes := mes + interval '1 month';
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "insights_adjuntos" ADD CONSTRAINT "insights_adjuntos_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_adjuntos" ADD CONSTRAINT "insights_adjuntos_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_logs" ADD CONSTRAINT "insights_logs_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insights_adjuntos_evento_idx" ON "insights_adjuntos" USING btree ("proyecto_id","event_id");--> statement-breakpoint
CREATE INDEX "insights_adjuntos_archivo_idx" ON "insights_adjuntos" USING btree ("archivo_id");--> statement-breakpoint
CREATE INDEX "insights_logs_proyecto_idx" ON "insights_logs" USING btree ("proyecto_id","fecha","id");--> statement-breakpoint
CREATE INDEX "insights_logs_trace_idx" ON "insights_logs" USING btree ("trace_id");--> statement-breakpoint
CREATE INDEX "insights_logs_cuerpo_trgm" ON "insights_logs" USING gin ("cuerpo" gin_trgm_ops);