-- Events partitioned by month of `fecha`, the event's own time, which an SDK's retry repeats: the unique (proyecto_id,
-- event_id, fecha) still stores a retried event once, and retention drops a month instead of deleting its rows.
ALTER TABLE "insights_eventos" RENAME TO "insights_eventos_previa";--> statement-breakpoint
ALTER TABLE "insights_eventos_previa" DROP CONSTRAINT "insights_eventos_issue_id_insights_issues_id_fk";--> statement-breakpoint
ALTER TABLE "insights_eventos_previa" DROP CONSTRAINT "insights_eventos_pkey";--> statement-breakpoint
DROP INDEX "insights_eventos_event_id_uq";--> statement-breakpoint
DROP INDEX "insights_eventos_issue_idx";--> statement-breakpoint
-- A partitioned table takes no identity column before PostgreSQL 17: a sequence, carried on from the identity's.
ALTER SEQUENCE "insights_eventos_id_seq" RENAME TO "insights_eventos_previa_id_seq";--> statement-breakpoint
CREATE SEQUENCE "insights_eventos_id_seq" AS bigint;--> statement-breakpoint
SELECT setval('insights_eventos_id_seq', last_value, is_called) FROM "insights_eventos_previa_id_seq";--> statement-breakpoint
CREATE TABLE "insights_eventos" (
	"id" bigint DEFAULT nextval('insights_eventos_id_seq') NOT NULL,
	"proyecto_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"recibido" timestamp with time zone DEFAULT now() NOT NULL,
	"nivel" text NOT NULL,
	"mensaje" text NOT NULL,
	"release" text,
	"environment" text,
	"usuario" text,
	"tags" jsonb NOT NULL,
	"datos" json NOT NULL,
	CONSTRAINT "insights_eventos_pkey" PRIMARY KEY("fecha","id")
) PARTITION BY RANGE ("fecha");--> statement-breakpoint
ALTER SEQUENCE "insights_eventos_id_seq" OWNED BY "insights_eventos"."id";--> statement-breakpoint
-- As migration 0019: lz4 where the server has it; the partitions take it from here.
DO $$
BEGIN
  ALTER TABLE "insights_eventos" ALTER COLUMN "datos" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value OR undefined_object THEN
  NULL;
END $$;--> statement-breakpoint
-- A timestamp outside every month's partition (a client's clock far off) lands here.
CREATE TABLE "insights_eventos_defecto" PARTITION OF "insights_eventos" DEFAULT;--> statement-breakpoint
-- One partition per UTC month, from the oldest event's (two years back at most) to two months ahead, as the
-- retention job names them (areas/insights/retencion.ts).
DO $$
DECLARE
  actual timestamp := date_trunc('month', now() at time zone 'UTC');
  mes timestamp;
BEGIN
  SELECT greatest(least(date_trunc('month', min("fecha") at time zone 'UTC'), actual), actual - interval '24 months')
    INTO mes FROM "insights_eventos_previa";
  mes := coalesce(mes, actual);
  WHILE mes <= actual + interval '2 months' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "insights_eventos" FOR VALUES FROM (%L) TO (%L)',
      'insights_eventos_' || to_char(mes, 'YYYY_MM'),
      to_char(mes, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char(mes + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
    mes := mes + interval '1 month';
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "insights_eventos" ("id", "proyecto_id", "issue_id", "event_id", "fecha", "recibido", "nivel", "mensaje", "release", "environment", "usuario", "tags", "datos")
  SELECT "id", "proyecto_id", "issue_id", "event_id", "fecha", "recibido", "nivel", "mensaje", "release", "environment", "usuario", "tags", "datos"
  FROM "insights_eventos_previa";--> statement-breakpoint
DROP TABLE "insights_eventos_previa";--> statement-breakpoint
CREATE UNIQUE INDEX "insights_eventos_event_id_uq" ON "insights_eventos" USING btree ("proyecto_id","event_id","fecha");--> statement-breakpoint
CREATE INDEX "insights_eventos_issue_idx" ON "insights_eventos" USING btree ("issue_id","id");--> statement-breakpoint
ALTER TABLE "insights_eventos" ADD CONSTRAINT "insights_eventos_issue_id_insights_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."insights_issues"("id") ON DELETE cascade ON UPDATE no action;
