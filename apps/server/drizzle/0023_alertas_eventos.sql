ALTER TABLE "alertas_avisos" ALTER COLUMN "vence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "insights_issues" ADD COLUMN "reabierta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insights_proyectos" ADD COLUMN "alerta_pico_eventos" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "insights_proyectos" ADD COLUMN "alerta_pico_minutos" integer DEFAULT 5 NOT NULL;