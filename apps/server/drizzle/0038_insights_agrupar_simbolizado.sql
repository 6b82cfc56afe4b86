-- Issue 22: grouping by source-mapped frames: each issue's key with its frames resolved (huella_simbolica, partial index so the
-- intake pays nothing without maps), and the aliases of issues joined into an older one, read by the intake.
CREATE TABLE "insights_issue_alias" (
	"proyecto_id" integer NOT NULL,
	"huella" text NOT NULL,
	"issue_id" integer NOT NULL,
	CONSTRAINT "insights_issue_alias_pk" PRIMARY KEY("proyecto_id","huella")
);
--> statement-breakpoint
ALTER TABLE "insights_issues" ADD COLUMN "huella_simbolica" text;--> statement-breakpoint
ALTER TABLE "insights_issue_alias" ADD CONSTRAINT "insights_issue_alias_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_issue_alias" ADD CONSTRAINT "insights_issue_alias_issue_id_insights_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."insights_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insights_issue_alias_issue_idx" ON "insights_issue_alias" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "insights_issues_huella_simbolica_idx" ON "insights_issues" USING btree ("proyecto_id","huella_simbolica") WHERE "insights_issues"."huella_simbolica" is not null;