CREATE TABLE "insights_issue_busqueda" (
	"issue_id" integer PRIMARY KEY NOT NULL,
	"texto" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "insights_issues_busqueda_trgm";--> statement-breakpoint
ALTER TABLE "insights_eventos" ALTER COLUMN "datos" SET DATA TYPE json USING "datos"::json;--> statement-breakpoint
ALTER TABLE "insights_issue_busqueda" ADD CONSTRAINT "insights_issue_busqueda_issue_id_insights_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."insights_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insights_issue_busqueda_trgm" ON "insights_issue_busqueda" USING gin ("texto" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "insights_issue_busqueda" ("issue_id", "texto") SELECT "id", "titulo" || ' ' || "culprit" FROM "insights_issues";--> statement-breakpoint
-- Events are compressed with lz4 where the server is built with it (PostgreSQL 14+ usually is; PGlite is
-- not and keeps pglz): several times cheaper than pglz for the same 5-10 kB documents.
DO $$
BEGIN
  ALTER TABLE "insights_eventos" ALTER COLUMN "datos" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value OR undefined_object THEN
  NULL;
END $$;
