CREATE TABLE "api_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefijo" text NOT NULL,
	"codigos" text[] NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_uso" timestamp with time zone,
	"revocado" timestamp with time zone,
	"revocado_por" text,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_usuario_idx" ON "api_tokens" USING btree ("usuario_id");--> statement-breakpoint
-- A token revoked or changed is dropped from every process's cached sessions at once (plugins/access.ts).
CREATE TRIGGER "api_tokens_aviso" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "api_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "avisar_cambio"();
