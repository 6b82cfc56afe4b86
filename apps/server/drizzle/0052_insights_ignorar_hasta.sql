-- "Ignorar" as Sentry offers it: an issue ignored for a while, until N more events or N more users (within an
-- hour or a day), or forever; the columns of that condition, and an index for the job that brings back the timed ones.
ALTER TABLE "insights_issues" ADD COLUMN "ignorada_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insights_issues" ADD COLUMN "ignorada_eventos" integer;--> statement-breakpoint
ALTER TABLE "insights_issues" ADD COLUMN "ignorada_usuarios" integer;--> statement-breakpoint
ALTER TABLE "insights_issues" ADD COLUMN "ignorada_ventana" integer;--> statement-breakpoint
ALTER TABLE "insights_issues" ADD COLUMN "ignorada_cantidad" bigint;--> statement-breakpoint
ALTER TABLE "insights_issues" ADD COLUMN "ignorada_tras_evento" bigint;--> statement-breakpoint
CREATE INDEX "insights_issues_ignorada_hasta_idx" ON "insights_issues" USING btree ("ignorada_hasta") WHERE "insights_issues"."ignorada_hasta" is not null;