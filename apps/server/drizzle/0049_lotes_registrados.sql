-- Each bulk action (POST {ruta}/lote) recorded before its first row is touched, with each selected row's outcome,
-- so a batch cut short by a dying process is shown as interrupted and can be continued or undone.
CREATE TABLE "lote_filas" (
	"lote_id" integer NOT NULL,
	"fila_id" integer NOT NULL,
	"orden" integer NOT NULL,
	"nombre" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"motivo" text,
	"valor" jsonb,
	"auditoria_id" integer,
	"actualizado" timestamp with time zone,
	CONSTRAINT "lote_filas_lote_id_fila_id_pk" PRIMARY KEY("lote_id","fila_id")
);
--> statement-breakpoint
CREATE TABLE "lotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ruta" text NOT NULL,
	"usuario_id" integer,
	"usuario_nombre" text NOT NULL,
	"accion" text NOT NULL,
	"cambio" jsonb,
	"seleccion" jsonb NOT NULL,
	"estado" text DEFAULT 'en_curso' NOT NULL,
	"proceso" text,
	"deshace_a" integer,
	"deshecho_por" integer,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	"terminado" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lote_filas" ADD CONSTRAINT "lote_filas_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lote_filas_orden_idx" ON "lote_filas" USING btree ("lote_id","orden");--> statement-breakpoint
CREATE INDEX "lotes_ruta_idx" ON "lotes" USING btree ("ruta","id");