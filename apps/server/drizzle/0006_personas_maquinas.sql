CREATE TABLE "personas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "personas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"apellido" text NOT NULL,
	"email" text,
	"telefono" text,
	"interno" text,
	"puesto" text,
	"area" text,
	"responsable_id" integer,
	"legajo" text,
	"activo" boolean DEFAULT true NOT NULL,
	"empresa_id" integer,
	"notas" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maquina_asignaciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maquina_asignaciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"maquina_id" integer NOT NULL,
	"persona_id" integer NOT NULL,
	"desde" date NOT NULL,
	"hasta" date,
	"notas" text,
	"asignado_por" integer,
	"devuelto_por" integer,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maquina_asignaciones_fechas_ck" CHECK ("maquina_asignaciones"."hasta" is null or "maquina_asignaciones"."hasta" >= "maquina_asignaciones"."desde")
);
--> statement-breakpoint
CREATE TABLE "maquinas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maquinas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"nro_inventario" text,
	"serie" text,
	"tipo" text NOT NULL,
	"fabricante" text,
	"modelo" text,
	"so" text,
	"so_version" text,
	"cpu" text,
	"ram_gb" integer,
	"disco_gb" integer,
	"ip" text,
	"mac" text,
	"ubicacion" text,
	"estado" text DEFAULT 'disponible' NOT NULL,
	"fecha_compra" date,
	"garantia_hasta" date,
	"notas" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maquinas_tipo_ck" CHECK ("maquinas"."tipo" in ('notebook', 'pc', 'servidor', 'vm')),
	CONSTRAINT "maquinas_estado_ck" CHECK ("maquinas"."estado" in ('en_uso', 'disponible', 'reparacion', 'baja')),
	CONSTRAINT "maquinas_ram_ck" CHECK ("maquinas"."ram_gb" is null or "maquinas"."ram_gb" >= 0),
	CONSTRAINT "maquinas_disco_ck" CHECK ("maquinas"."disco_gb" is null or "maquinas"."disco_gb" >= 0)
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "persona_id" integer;--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_responsable_id_personas_id_fk" FOREIGN KEY ("responsable_id") REFERENCES "public"."personas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maquina_asignaciones" ADD CONSTRAINT "maquina_asignaciones_maquina_id_maquinas_id_fk" FOREIGN KEY ("maquina_id") REFERENCES "public"."maquinas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maquina_asignaciones" ADD CONSTRAINT "maquina_asignaciones_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maquina_asignaciones" ADD CONSTRAINT "maquina_asignaciones_asignado_por_usuarios_id_fk" FOREIGN KEY ("asignado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maquina_asignaciones" ADD CONSTRAINT "maquina_asignaciones_devuelto_por_usuarios_id_fk" FOREIGN KEY ("devuelto_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "personas_legajo_uq" ON "personas" USING btree (lower("legajo"));--> statement-breakpoint
CREATE INDEX "personas_empresa_idx" ON "personas" USING btree ("empresa_id");--> statement-breakpoint
CREATE INDEX "personas_responsable_idx" ON "personas" USING btree ("responsable_id");--> statement-breakpoint
CREATE INDEX "personas_apellido_idx" ON "personas" USING btree ("apellido","nombre","id");--> statement-breakpoint
CREATE INDEX "personas_area_idx" ON "personas" USING btree ("area","id");--> statement-breakpoint
CREATE INDEX "personas_busqueda_trgm" ON "personas" USING gin (("nombre" || ' ' || "apellido" || ' ' || coalesce("email", '') || ' ' || coalesce("legajo", '') || ' ' || coalesce("puesto", '') || ' ' || coalesce("area", '') || ' ' || coalesce("interno", '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "maquina_asignaciones_abierta_uq" ON "maquina_asignaciones" USING btree ("maquina_id") WHERE "maquina_asignaciones"."hasta" is null;--> statement-breakpoint
CREATE INDEX "maquina_asignaciones_maquina_idx" ON "maquina_asignaciones" USING btree ("maquina_id","desde");--> statement-breakpoint
CREATE INDEX "maquina_asignaciones_persona_idx" ON "maquina_asignaciones" USING btree ("persona_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maquinas_nombre_uq" ON "maquinas" USING btree (lower("nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "maquinas_inventario_uq" ON "maquinas" USING btree (lower("nro_inventario"));--> statement-breakpoint
CREATE INDEX "maquinas_nombre_idx" ON "maquinas" USING btree ("nombre","id");--> statement-breakpoint
CREATE INDEX "maquinas_estado_idx" ON "maquinas" USING btree ("estado","id");--> statement-breakpoint
CREATE INDEX "maquinas_tipo_idx" ON "maquinas" USING btree ("tipo","id");--> statement-breakpoint
CREATE INDEX "maquinas_garantia_idx" ON "maquinas" USING btree ("garantia_hasta","id");--> statement-breakpoint
CREATE INDEX "maquinas_busqueda_trgm" ON "maquinas" USING gin (("nombre" || ' ' || coalesce("nro_inventario", '') || ' ' || coalesce("serie", '') || ' ' || coalesce("fabricante", '') || ' ' || coalesce("modelo", '') || ' ' || coalesce("ip", '') || ' ' || coalesce("mac", '') || ' ' || coalesce("ubicacion", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_persona_uq" ON "usuarios" USING btree ("persona_id");