-- Issue 21: spreadsheet imports (importaciones): the uploaded file, its columns, the mapping and mode chosen, the
-- result with every refused row, and what an import created and updated (with the values before) for its undo.
CREATE TABLE "importaciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "importaciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"usuario_id" integer,
	"archivo_sha256" text NOT NULL,
	"archivo_nombre" text NOT NULL,
	"formato" text NOT NULL,
	"columnas" jsonb NOT NULL,
	"filas" integer NOT NULL,
	"mapeo" jsonb,
	"modo" text,
	"estado" text DEFAULT 'subida' NOT NULL,
	"resultado" jsonb,
	"creados" jsonb,
	"modificados" jsonb,
	"importado" timestamp with time zone,
	"deshecho" timestamp with time zone,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "importaciones" ADD CONSTRAINT "importaciones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importaciones_tipo_idx" ON "importaciones" USING btree ("tipo","creado");