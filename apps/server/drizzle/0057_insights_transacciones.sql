CREATE TABLE "insights_reglas_lentitud" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insights_reglas_lentitud_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proyecto_id" integer NOT NULL,
	"transaccion" text NOT NULL,
	"p95_ms" integer NOT NULL,
	"ventana_minutos" integer DEFAULT 60 NOT NULL,
	"minimo" integer DEFAULT 5 NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insights_reglas_lentitud_ck" CHECK ("insights_reglas_lentitud"."p95_ms" > 0 and "insights_reglas_lentitud"."ventana_minutos" > 0 and "insights_reglas_lentitud"."minimo" > 0)
);
--> statement-breakpoint
-- Transactions partitioned by month of `inicio`, as the events are (migration 0032): the id from a plain sequence.
CREATE SEQUENCE "insights_transacciones_id_seq" AS bigint;--> statement-breakpoint
CREATE TABLE "insights_transacciones" (
	"id" bigint DEFAULT nextval('insights_transacciones_id_seq') NOT NULL,
	"proyecto_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"nombre" text NOT NULL,
	"trace_id" text NOT NULL,
	"span_id" text NOT NULL,
	"parent_span_id" text,
	"op" text,
	"estado" text NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"duracion_ms" double precision NOT NULL,
	"release" text,
	"environment" text,
	"recibido" timestamp with time zone DEFAULT now() NOT NULL,
	"spans" json NOT NULL,
	CONSTRAINT "insights_transacciones_pkey" PRIMARY KEY("inicio","id")
) PARTITION BY RANGE ("inicio");--> statement-breakpoint
ALTER SEQUENCE "insights_transacciones_id_seq" OWNED BY "insights_transacciones"."id";--> statement-breakpoint
-- A timestamp outside every month's partition (a client's clock far off) lands here.
CREATE TABLE "insights_transacciones_defecto" PARTITION OF "insights_transacciones" DEFAULT;--> statement-breakpoint
-- This month and the next two, as the retention job names them (areas/insights/retencion.ts); it prepares the rest.
DO $$
DECLARE
  actual timestamp := date_trunc('month', now() at time zone 'UTC');
  mes timestamp := actual;
BEGIN
  WHILE mes <= actual + interval '2 months' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "insights_transacciones" FOR VALUES FROM (%L) TO (%L)',
      'insights_transacciones_' || to_char(mes, 'YYYY_MM'),
      to_char(mes, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char(mes + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
    mes := mes + interval '1 month';
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "insights_reglas_lentitud" ADD CONSTRAINT "insights_reglas_lentitud_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_transacciones" ADD CONSTRAINT "insights_transacciones_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insights_reglas_lentitud_uq" ON "insights_reglas_lentitud" USING btree ("proyecto_id","transaccion");--> statement-breakpoint
CREATE UNIQUE INDEX "insights_transacciones_event_id_uq" ON "insights_transacciones" USING btree ("proyecto_id","event_id","inicio");--> statement-breakpoint
CREATE INDEX "insights_transacciones_proyecto_idx" ON "insights_transacciones" USING btree ("proyecto_id","inicio");--> statement-breakpoint
CREATE INDEX "insights_transacciones_nombre_idx" ON "insights_transacciones" USING btree ("proyecto_id","nombre","inicio");--> statement-breakpoint
CREATE INDEX "insights_transacciones_trace_idx" ON "insights_transacciones" USING btree ("trace_id");--> statement-breakpoint
-- An error event's trace (its `contexts.trace.trace_id`, kept in `datos`): the trace view finds the errors of a
-- trace through it. Partial: events sent without tracing add nothing to it.
CREATE INDEX "insights_eventos_trace_idx" ON "insights_eventos" USING btree ((("datos" -> 'contexts' -> 'trace' ->> 'trace_id'))) WHERE ("datos" -> 'contexts' -> 'trace' ->> 'trace_id') IS NOT NULL;