CREATE TABLE "auditoria" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auditoria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario_nombre" text,
	"accion" text NOT NULL,
	"entidad" text NOT NULL,
	"entidad_id" text,
	"antes" jsonb,
	"despues" jsonb
);
--> statement-breakpoint
CREATE TABLE "direcciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "direcciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dns_id" integer NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"path" text DEFAULT '/' NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direcciones_port_ck" CHECK ("direcciones"."port" between 1 and 65535)
);
--> statement-breakpoint
CREATE TABLE "dns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"servidor_id" integer NOT NULL,
	"host" text NOT NULL,
	"tipo" text DEFAULT 'A' NOT NULL,
	"ttl" integer DEFAULT 3600 NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dns_tipo_ck" CHECK ("dns"."tipo" in ('A', 'AAAA', 'CNAME')),
	CONSTRAINT "dns_ttl_ck" CHECK ("dns"."ttl" > 0)
);
--> statement-breakpoint
CREATE TABLE "intentos_ingreso" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "intentos_ingreso_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario" text NOT NULL,
	"ip" text NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"exito" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paquetes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paquetes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"producto" text,
	"version" text,
	"canal" text,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"notas" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rol_permisos" (
	"rol_id" integer NOT NULL,
	"codigo" text NOT NULL,
	CONSTRAINT "rol_permisos_rol_id_codigo_pk" PRIMARY KEY("rol_id","codigo")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "servidores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "servidores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"hostname" text,
	"ip_publica" text,
	"ip_privada" text,
	"proveedor" text,
	"rol" text,
	"so" text,
	"estado" text DEFAULT 'activo' NOT NULL,
	"notas" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "servidores_nombre_unique" UNIQUE("nombre"),
	CONSTRAINT "servidores_estado_ck" CHECK ("servidores"."estado" in ('activo', 'offline', 'planificado', 'baja'))
);
--> statement-breakpoint
CREATE TABLE "sesiones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sesiones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	"ultimo_uso" timestamp with time zone DEFAULT now() NOT NULL,
	"revocada" timestamp with time zone,
	"ip" text,
	CONSTRAINT "sesiones_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "usuario_roles" (
	"usuario_id" integer NOT NULL,
	"rol_id" integer NOT NULL,
	CONSTRAINT "usuario_roles_usuario_id_rol_id_pk" PRIMARY KEY("usuario_id","rol_id")
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usuarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario" text NOT NULL,
	"email" text,
	"nombre" text NOT NULL,
	"password_hash" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"ultimo_ingreso" timestamp with time zone,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direcciones" ADD CONSTRAINT "direcciones_dns_id_dns_id_fk" FOREIGN KEY ("dns_id") REFERENCES "public"."dns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns" ADD CONSTRAINT "dns_servidor_id_servidores_id_fk" FOREIGN KEY ("servidor_id") REFERENCES "public"."servidores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_permisos" ADD CONSTRAINT "rol_permisos_rol_id_roles_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_roles" ADD CONSTRAINT "usuario_roles_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_roles" ADD CONSTRAINT "usuario_roles_rol_id_roles_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_entidad_idx" ON "auditoria" USING btree ("entidad","entidad_id","fecha");--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "direcciones_dns_idx" ON "direcciones" USING btree ("dns_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dns_host_uq" ON "dns" USING btree (lower("host"));--> statement-breakpoint
CREATE INDEX "dns_servidor_idx" ON "dns" USING btree ("servidor_id");--> statement-breakpoint
CREATE INDEX "dns_host_trgm" ON "dns" USING gin ("host" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "intentos_ingreso_usuario_idx" ON "intentos_ingreso" USING btree ("usuario","fecha");--> statement-breakpoint
CREATE INDEX "intentos_ingreso_ip_idx" ON "intentos_ingreso" USING btree ("ip","fecha");--> statement-breakpoint
CREATE INDEX "paquetes_fecha_idx" ON "paquetes" USING btree ("fecha" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "servidores_nombre_trgm" ON "servidores" USING gin ("nombre" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sesiones_usuario_idx" ON "sesiones" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "usuario_roles_rol_idx" ON "usuario_roles" USING btree ("rol_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_usuario_uq" ON "usuarios" USING btree (lower("usuario"));--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_uq" ON "usuarios" USING btree (lower("email"));