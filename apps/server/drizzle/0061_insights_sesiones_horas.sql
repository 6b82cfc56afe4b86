CREATE TABLE "insights_sesiones_horas" (
	"proyecto_id" integer NOT NULL,
	"hora" timestamp with time zone NOT NULL,
	"release" text NOT NULL,
	"entorno" text NOT NULL,
	"sesiones" bigint DEFAULT 0 NOT NULL,
	"errored" bigint DEFAULT 0 NOT NULL,
	"abnormal" bigint DEFAULT 0 NOT NULL,
	"crashed" bigint DEFAULT 0 NOT NULL,
	"usuarios" integer DEFAULT 0 NOT NULL,
	"usuarios_crashed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_sesiones_horas_pkey" PRIMARY KEY("proyecto_id","hora","release","entorno")
);
--> statement-breakpoint
CREATE TABLE "insights_sesiones_usuarios" (
	"proyecto_id" integer NOT NULL,
	"release" text NOT NULL,
	"entorno" text NOT NULL,
	"usuario" text NOT NULL,
	"ultima" timestamp with time zone NOT NULL,
	"ultima_caida" timestamp with time zone,
	CONSTRAINT "insights_sesiones_usuarios_pkey" PRIMARY KEY("proyecto_id","release","entorno","usuario")
);
--> statement-breakpoint
ALTER TABLE "insights_sesiones_horas" ADD CONSTRAINT "insights_sesiones_horas_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_sesiones_usuarios" ADD CONSTRAINT "insights_sesiones_usuarios_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;