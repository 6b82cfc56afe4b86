CREATE TABLE "insights_comentarios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insights_comentarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"issue_id" integer NOT NULL,
	"usuario_id" integer,
	"texto" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_cupos" (
	"proyecto_id" integer NOT NULL,
	"minuto" timestamp with time zone NOT NULL,
	"cantidad" bigint NOT NULL,
	CONSTRAINT "insights_cupos_pk" PRIMARY KEY("proyecto_id","minuto")
);
--> statement-breakpoint
CREATE TABLE "insights_eventos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insights_eventos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"proyecto_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"recibido" timestamp with time zone DEFAULT now() NOT NULL,
	"nivel" text NOT NULL,
	"mensaje" text NOT NULL,
	"release" text,
	"environment" text,
	"usuario" text,
	"tags" jsonb NOT NULL,
	"datos" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_issue_dias" (
	"issue_id" integer NOT NULL,
	"dia" date NOT NULL,
	"cantidad" bigint NOT NULL,
	CONSTRAINT "insights_issue_dias_pk" PRIMARY KEY("issue_id","dia")
);
--> statement-breakpoint
CREATE TABLE "insights_issues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insights_issues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proyecto_id" integer NOT NULL,
	"huella" text NOT NULL,
	"fingerprint" jsonb NOT NULL,
	"titulo" text NOT NULL,
	"culprit" text DEFAULT '' NOT NULL,
	"tipo" text,
	"nivel" text NOT NULL,
	"estado" text DEFAULT 'unresolved' NOT NULL,
	"cantidad" bigint DEFAULT 0 NOT NULL,
	"primera_vez" timestamp with time zone NOT NULL,
	"ultima_vez" timestamp with time zone NOT NULL,
	"release" text,
	"environment" text,
	"asignado_id" integer,
	CONSTRAINT "insights_issues_estado_ck" CHECK ("insights_issues"."estado" in ('unresolved', 'resolved', 'ignored'))
);
--> statement-breakpoint
CREATE TABLE "insights_proyectos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insights_proyectos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"slug" text NOT NULL,
	"plataforma" text NOT NULL,
	"public_key" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"limite_por_minuto" integer DEFAULT 6000 NOT NULL,
	"propio" boolean DEFAULT false NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insights_proyectos_limite_ck" CHECK ("insights_proyectos"."limite_por_minuto" > 0)
);
--> statement-breakpoint
ALTER TABLE "insights_comentarios" ADD CONSTRAINT "insights_comentarios_issue_id_insights_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."insights_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_comentarios" ADD CONSTRAINT "insights_comentarios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_cupos" ADD CONSTRAINT "insights_cupos_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_eventos" ADD CONSTRAINT "insights_eventos_issue_id_insights_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."insights_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_issue_dias" ADD CONSTRAINT "insights_issue_dias_issue_id_insights_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."insights_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_issues" ADD CONSTRAINT "insights_issues_proyecto_id_insights_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."insights_proyectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_issues" ADD CONSTRAINT "insights_issues_asignado_id_personas_id_fk" FOREIGN KEY ("asignado_id") REFERENCES "public"."personas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insights_comentarios_issue_idx" ON "insights_comentarios" USING btree ("issue_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "insights_eventos_event_id_uq" ON "insights_eventos" USING btree ("proyecto_id","event_id");--> statement-breakpoint
CREATE INDEX "insights_eventos_issue_idx" ON "insights_eventos" USING btree ("issue_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "insights_issues_huella_uq" ON "insights_issues" USING btree ("proyecto_id","huella");--> statement-breakpoint
CREATE INDEX "insights_issues_ultima_idx" ON "insights_issues" USING btree ("ultima_vez","id");--> statement-breakpoint
CREATE INDEX "insights_issues_primera_idx" ON "insights_issues" USING btree ("primera_vez","id");--> statement-breakpoint
CREATE INDEX "insights_issues_cantidad_idx" ON "insights_issues" USING btree ("cantidad","id");--> statement-breakpoint
CREATE INDEX "insights_issues_estado_idx" ON "insights_issues" USING btree ("estado","ultima_vez");--> statement-breakpoint
CREATE INDEX "insights_issues_asignado_idx" ON "insights_issues" USING btree ("asignado_id");--> statement-breakpoint
CREATE INDEX "insights_issues_busqueda_trgm" ON "insights_issues" USING gin (("titulo" || ' ' || "culprit") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "insights_proyectos_slug_uq" ON "insights_proyectos" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "insights_proyectos_public_key_uq" ON "insights_proyectos" USING btree ("public_key");