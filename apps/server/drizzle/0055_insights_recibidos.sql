CREATE TABLE "insights_recibidos" (
	"proyecto_id" integer NOT NULL,
	"dia" date NOT NULL,
	"categoria" text NOT NULL,
	"resultado" text NOT NULL,
	"motivo" text DEFAULT '' NOT NULL,
	"cantidad" bigint NOT NULL,
	CONSTRAINT "insights_recibidos_proyecto_id_dia_categoria_resultado_motivo_pk" PRIMARY KEY("proyecto_id","dia","categoria","resultado","motivo")
);
--> statement-breakpoint
ALTER TABLE "insights_recibidos" ADD CONSTRAINT "insights_recibidos_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;