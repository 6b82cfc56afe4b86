CREATE TABLE "insights_deploys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insights_deploys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" integer NOT NULL,
	"entorno" text NOT NULL,
	"nombre" text,
	"url" text,
	"iniciado" timestamp with time zone,
	"terminado" timestamp with time zone NOT NULL,
	"autor" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insights_deploys" ADD CONSTRAINT "insights_deploys_release_id_insights_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."insights_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insights_deploys_release_idx" ON "insights_deploys" USING btree ("release_id","terminado");