CREATE TABLE "alertas_avisos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alertas_avisos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clave" text NOT NULL,
	"corrida_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"item_id" integer NOT NULL,
	"empresa_id" integer,
	"titulo" text NOT NULL,
	"vence" date NOT NULL,
	"umbral" integer NOT NULL,
	"enlace" text NOT NULL,
	"permiso" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alertas_correos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alertas_correos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"corrida_id" integer,
	"tipos" text[] DEFAULT '{}'::text[] NOT NULL,
	"asunto" text NOT NULL,
	"texto" text DEFAULT '' NOT NULL,
	"enlace" text DEFAULT '' NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"error" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"tomado" timestamp with time zone,
	"enviado" timestamp with time zone,
	CONSTRAINT "alertas_correos_estado_ck" CHECK ("alertas_correos"."estado" in ('pendiente', 'enviado', 'error'))
);
--> statement-breakpoint
CREATE TABLE "alertas_corridas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alertas_corridas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"creada" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alertas_preferencias" (
	"usuario_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"email" boolean NOT NULL,
	"portal" boolean NOT NULL,
	CONSTRAINT "alertas_preferencias_usuario_id_tipo_pk" PRIMARY KEY("usuario_id","tipo")
);
--> statement-breakpoint
CREATE TABLE "alertas_rol_defaults" (
	"rol_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"email" boolean NOT NULL,
	"portal" boolean NOT NULL,
	CONSTRAINT "alertas_rol_defaults_rol_id_tipo_pk" PRIMARY KEY("rol_id","tipo")
);
--> statement-breakpoint
CREATE TABLE "notificaciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notificaciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"titulo" text NOT NULL,
	"detalle" text DEFAULT '' NOT NULL,
	"enlace" text NOT NULL,
	"corrida_id" integer,
	"tipos" text[] DEFAULT '{}'::text[] NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"leida" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tareas_ejecuciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tareas_ejecuciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tarea" text NOT NULL,
	"trabajo" text NOT NULL,
	"intento" integer DEFAULT 1 NOT NULL,
	"definitivo" boolean DEFAULT false NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"fin" timestamp with time zone,
	"estado" text DEFAULT 'en_curso' NOT NULL,
	"resultado" text,
	"error" text,
	CONSTRAINT "tareas_ejecuciones_estado_ck" CHECK ("tareas_ejecuciones"."estado" in ('en_curso', 'ok', 'error'))
);
--> statement-breakpoint
ALTER TABLE "alertas_avisos" ADD CONSTRAINT "alertas_avisos_corrida_id_alertas_corridas_id_fk" FOREIGN KEY ("corrida_id") REFERENCES "public"."alertas_corridas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas_correos" ADD CONSTRAINT "alertas_correos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas_correos" ADD CONSTRAINT "alertas_correos_corrida_id_alertas_corridas_id_fk" FOREIGN KEY ("corrida_id") REFERENCES "public"."alertas_corridas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas_preferencias" ADD CONSTRAINT "alertas_preferencias_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas_rol_defaults" ADD CONSTRAINT "alertas_rol_defaults_rol_id_roles_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_corrida_id_alertas_corridas_id_fk" FOREIGN KEY ("corrida_id") REFERENCES "public"."alertas_corridas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alertas_avisos_clave_uq" ON "alertas_avisos" USING btree ("clave");--> statement-breakpoint
CREATE INDEX "alertas_avisos_corrida_idx" ON "alertas_avisos" USING btree ("corrida_id","tipo");--> statement-breakpoint
CREATE INDEX "alertas_correos_pendientes_idx" ON "alertas_correos" USING btree ("id") WHERE "alertas_correos"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "notificaciones_usuario_idx" ON "notificaciones" USING btree ("usuario_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notificaciones_no_leidas_idx" ON "notificaciones" USING btree ("usuario_id") WHERE "notificaciones"."leida" is null;--> statement-breakpoint
CREATE INDEX "tareas_ejecuciones_tarea_idx" ON "tareas_ejecuciones" USING btree ("tarea","inicio" DESC NULLS LAST);
--> statement-breakpoint
-- The new code ALERTAS#ADMIN belongs to the Administrador role, as every code does (db/seed.ts ROLES).
INSERT INTO "rol_permisos" ("rol_id", "codigo") SELECT "id", 'ALERTAS#ADMIN' FROM "roles" WHERE "nombre" = 'Administrador' ON CONFLICT DO NOTHING;
