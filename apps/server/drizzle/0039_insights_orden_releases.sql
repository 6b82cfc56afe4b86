-- Issue 22: releases in order (when an issue was resolved "in the next release", and whether a release was created or first seen after it), the culprit as the source maps read it, and the events per release by index.
ALTER TABLE "insights_issues" ADD COLUMN "resuelta_el" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insights_issues" ADD COLUMN "culprit_mapa" text;--> statement-breakpoint
CREATE INDEX "insights_eventos_release_idx" ON "insights_eventos" USING btree ("proyecto_id","release","recibido","fecha","issue_id");--> statement-breakpoint
CREATE FUNCTION "insights_release_posterior"(p_proyecto integer, p_version text, p_desde timestamptz) RETURNS boolean LANGUAGE sql STABLE AS $$
  select not exists (select 1 from insights_releases where proyecto_id = p_proyecto and version = p_version and creado <= p_desde)
    and not exists (select 1 from insights_eventos where proyecto_id = p_proyecto and release = p_version and recibido <= p_desde)
$$;
