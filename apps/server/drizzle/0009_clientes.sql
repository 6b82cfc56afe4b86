CREATE TABLE "empresas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "empresas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"razon_social" text NOT NULL,
	"nombre_fantasia" text,
	"cuit" text NOT NULL,
	"condicion_iva" text NOT NULL,
	"email" text,
	"telefono" text,
	"domicilio" text,
	"localidad" text,
	"provincia" text,
	"activo" boolean DEFAULT true NOT NULL,
	"contacto_id" integer,
	"notas" jsonb NOT NULL,
	"fecha_alta" date DEFAULT current_date NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresas_cuit_ck" CHECK ("empresas"."cuit" ~ '^[0-9]{11}$'),
	CONSTRAINT "empresas_condicion_iva_ck" CHECK ("empresas"."condicion_iva" in ('responsable_inscripto', 'monotributo', 'exento', 'consumidor_final', 'no_responsable'))
);
--> statement-breakpoint
CREATE TABLE "parametros" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parametros_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"empresa_id" integer NOT NULL,
	"servidor_id" integer,
	"grupo" text NOT NULL,
	"clave" text NOT NULL,
	"tipo" text NOT NULL,
	"valor" text,
	"valor_cifrado" text,
	"descripcion" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parametros_tipo_ck" CHECK ("parametros"."tipo" in ('texto', 'numero', 'booleano', 'ruta', 'url', 'secreto')),
	CONSTRAINT "parametros_secreto_ck" CHECK (("parametros"."tipo" = 'secreto' and "parametros"."valor" is null) or ("parametros"."tipo" <> 'secreto' and "parametros"."valor_cifrado" is null))
);
--> statement-breakpoint
CREATE TABLE "servidores_cliente" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "servidores_cliente_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"empresa_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"hostname" text,
	"ip" text,
	"puerto" integer,
	"so" text,
	"motor_bd" text,
	"instancia_bd" text,
	"version_physis" text,
	"notas" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "servidores_cliente_puerto_ck" CHECK ("servidores_cliente"."puerto" is null or "servidores_cliente"."puerto" between 1 and 65535)
);
--> statement-breakpoint
CREATE TABLE "servidores_cliente_dns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "servidores_cliente_dns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"servidor_id" integer NOT NULL,
	"host" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "empresas" ADD CONSTRAINT "empresas_contacto_id_personas_id_fk" FOREIGN KEY ("contacto_id") REFERENCES "public"."personas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parametros" ADD CONSTRAINT "parametros_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parametros" ADD CONSTRAINT "parametros_servidor_id_servidores_cliente_id_fk" FOREIGN KEY ("servidor_id") REFERENCES "public"."servidores_cliente"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servidores_cliente" ADD CONSTRAINT "servidores_cliente_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servidores_cliente_dns" ADD CONSTRAINT "servidores_cliente_dns_servidor_id_servidores_cliente_id_fk" FOREIGN KEY ("servidor_id") REFERENCES "public"."servidores_cliente"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "empresas_cuit_uq" ON "empresas" USING btree ("cuit");--> statement-breakpoint
CREATE INDEX "empresas_cuit_pattern_idx" ON "empresas" USING btree ("cuit" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "empresas_cuit_trgm" ON "empresas" USING gin ("cuit" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "empresas_busqueda_trgm" ON "empresas" USING gin (("razon_social" || ' ' || coalesce("nombre_fantasia", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "empresas_razon_social_idx" ON "empresas" USING btree ("razon_social","id");--> statement-breakpoint
CREATE INDEX "empresas_localidad_idx" ON "empresas" USING btree ("localidad","id");--> statement-breakpoint
CREATE INDEX "empresas_provincia_idx" ON "empresas" USING btree ("provincia","id");--> statement-breakpoint
CREATE INDEX "empresas_contacto_idx" ON "empresas" USING btree ("contacto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parametros_clave_uq" ON "parametros" USING btree ("empresa_id",coalesce("servidor_id", 0),"grupo","clave");--> statement-breakpoint
CREATE INDEX "parametros_servidor_idx" ON "parametros" USING btree ("servidor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "servidores_cliente_nombre_uq" ON "servidores_cliente" USING btree ("empresa_id",lower("nombre"));--> statement-breakpoint
CREATE INDEX "servidores_cliente_empresa_idx" ON "servidores_cliente" USING btree ("empresa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "servidores_cliente_dns_host_uq" ON "servidores_cliente_dns" USING btree ("servidor_id",lower("host"));--> statement-breakpoint
CREATE INDEX "servidores_cliente_dns_servidor_idx" ON "servidores_cliente_dns" USING btree ("servidor_id");--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE restrict ON UPDATE no action;