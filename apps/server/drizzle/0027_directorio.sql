CREATE TABLE "grupos_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grupos_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"grupo" text NOT NULL,
	"rol_id" integer NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "origen" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "directorio_dn" text;--> statement-breakpoint
ALTER TABLE "grupos_roles" ADD CONSTRAINT "grupos_roles_rol_id_roles_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_roles_uq" ON "grupos_roles" USING btree (lower("grupo"),"rol_id");