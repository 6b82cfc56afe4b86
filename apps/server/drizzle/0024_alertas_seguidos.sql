CREATE TABLE "alertas_seguidos" (
	"usuario_id" integer NOT NULL,
	"clase" text NOT NULL,
	"ref_id" integer NOT NULL,
	CONSTRAINT "alertas_seguidos_usuario_id_clase_ref_id_pk" PRIMARY KEY("usuario_id","clase","ref_id"),
	CONSTRAINT "alertas_seguidos_clase_ck" CHECK ("alertas_seguidos"."clase" in ('cliente', 'proyecto'))
);
--> statement-breakpoint
ALTER TABLE "alertas_avisos" ADD COLUMN "proyecto_id" integer;--> statement-breakpoint
ALTER TABLE "alertas_seguidos" ADD CONSTRAINT "alertas_seguidos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;