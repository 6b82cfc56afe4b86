CREATE TABLE "ingreso_desafios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ingreso_desafios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	"usado" timestamp with time zone,
	"ip" text,
	CONSTRAINT "ingreso_desafios_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "totp_recuperacion" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "totp_recuperacion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"hash" text NOT NULL,
	"usado" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "requiere_totp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "totp_secreto" text;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "totp_activo" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "totp_ultimo_paso" bigint;--> statement-breakpoint
ALTER TABLE "ingreso_desafios" ADD CONSTRAINT "ingreso_desafios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_recuperacion" ADD CONSTRAINT "totp_recuperacion_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "totp_recuperacion_usuario_idx" ON "totp_recuperacion" USING btree ("usuario_id");