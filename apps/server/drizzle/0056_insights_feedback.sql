CREATE TABLE "insights_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insights_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proyecto_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"evento_asociado" text,
	"issue_id" integer,
	"nombre" text,
	"email" text,
	"mensaje" text NOT NULL,
	"url" text,
	"recibido" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insights_feedback" ADD CONSTRAINT "insights_feedback_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_feedback" ADD CONSTRAINT "insights_feedback_issue_id_insights_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."insights_issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insights_feedback_event_uq" ON "insights_feedback" USING btree ("proyecto_id","event_id");--> statement-breakpoint
CREATE INDEX "insights_feedback_proyecto_idx" ON "insights_feedback" USING btree ("proyecto_id","recibido");--> statement-breakpoint
CREATE INDEX "insights_feedback_issue_idx" ON "insights_feedback" USING btree ("issue_id");