CREATE TABLE "webhook_entregas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_entregas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"webhook_id" integer NOT NULL,
	"evento" text NOT NULL,
	"cuerpo" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"codigo" integer,
	"respuesta" text,
	"duracion_ms" integer,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"ultima" timestamp with time zone,
	"proxima" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_entregas_estado_ck" CHECK ("webhook_entregas"."estado" in ('pendiente', 'enviada', 'error'))
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"url" text NOT NULL,
	"formato" text DEFAULT 'json' NOT NULL,
	"eventos" text[] DEFAULT '{}'::text[] NOT NULL,
	"secreto" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_entregas" ADD CONSTRAINT "webhook_entregas_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_entregas_webhook_idx" ON "webhook_entregas" USING btree ("webhook_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_entregas_pendientes_idx" ON "webhook_entregas" USING btree ("proxima") WHERE "webhook_entregas"."estado" = 'pendiente';