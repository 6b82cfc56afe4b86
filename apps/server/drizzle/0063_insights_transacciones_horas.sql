CREATE TABLE "insights_transacciones_horas" (
	"proyecto_id" integer NOT NULL,
	"horas" smallint NOT NULL,
	"nivel" smallint NOT NULL,
	"hora" timestamp with time zone NOT NULL,
	"nombre" text NOT NULL,
	"environment" text NOT NULL,
	"release" text NOT NULL,
	"cantidad" integer NOT NULL,
	"fallas" integer NOT NULL,
	"cubetas" smallint[] NOT NULL,
	"cuentas" integer[] NOT NULL,
	CONSTRAINT "insights_transacciones_horas_pkey" PRIMARY KEY("proyecto_id","horas","nivel","hora","nombre","environment","release")
);
--> statement-breakpoint
ALTER TABLE "insights_transacciones_horas" ADD CONSTRAINT "insights_transacciones_horas_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insights_transacciones_horas_hora_idx" ON "insights_transacciones_horas" USING btree ("hora");