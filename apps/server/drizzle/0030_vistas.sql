CREATE TABLE "vistas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vistas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"lista" text NOT NULL,
	"nombre" text NOT NULL,
	"compartida" boolean DEFAULT false NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"ocultas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vistas_predeterminadas" (
	"usuario_id" integer NOT NULL,
	"lista" text NOT NULL,
	"vista_id" integer NOT NULL,
	CONSTRAINT "vistas_predeterminadas_usuario_id_lista_pk" PRIMARY KEY("usuario_id","lista")
);
--> statement-breakpoint
ALTER TABLE "vistas" ADD CONSTRAINT "vistas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vistas_predeterminadas" ADD CONSTRAINT "vistas_predeterminadas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vistas_predeterminadas" ADD CONSTRAINT "vistas_predeterminadas_vista_id_vistas_id_fk" FOREIGN KEY ("vista_id") REFERENCES "public"."vistas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vistas_usuario_lista_nombre_uq" ON "vistas" USING btree ("usuario_id","lista",lower("nombre"));--> statement-breakpoint
CREATE INDEX "vistas_lista_compartida_idx" ON "vistas" USING btree ("lista") WHERE "vistas"."compartida";