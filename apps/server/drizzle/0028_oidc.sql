CREATE TABLE "oidc_intentos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oidc_intentos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"estado" text NOT NULL,
	"verificador" text NOT NULL,
	"nonce" text NOT NULL,
	"destino" text DEFAULT '/' NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	"usado" timestamp with time zone,
	"usuario_id" integer,
	"entrega_hash" text,
	"entrega_vence" timestamp with time zone,
	"entregada" timestamp with time zone,
	"ip" text,
	CONSTRAINT "oidc_intentos_estado_unique" UNIQUE("estado"),
	CONSTRAINT "oidc_intentos_entrega_hash_unique" UNIQUE("entrega_hash")
);
--> statement-breakpoint
ALTER TABLE "oidc_intentos" ADD CONSTRAINT "oidc_intentos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;