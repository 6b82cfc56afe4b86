CREATE TABLE "paquete_descargas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paquete_descargas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"paquete_id" integer NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paquete_descargas" ADD CONSTRAINT "paquete_descargas_paquete_id_paquetes_id_fk" FOREIGN KEY ("paquete_id") REFERENCES "public"."paquetes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paquete_descargas_fecha_idx" ON "paquete_descargas" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "paquete_descargas_paquete_idx" ON "paquete_descargas" USING btree ("paquete_id","fecha");