-- Sessions that survive reloads, tabs and deploys: a browser's sign-in is a family (sesion_familias) whose
-- renewal cookie, stored as hashes (sesion_renovaciones) and rotated on each use, gives each page load a session
-- of its own (sesiones.familia_id). Outside identities (identidades_externas) link a directory or OpenID person
-- to an account by a stable identifier, never by e-mail. Sign-in attempts say what was tried (clase), so token
-- and second-factor failures count apart from passwords.
CREATE TABLE "identidades_externas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identidades_externas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"proveedor" text NOT NULL,
	"emisor" text NOT NULL,
	"sujeto" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"vinculo" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sesion_familias" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sesion_familias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	"ultimo_uso" timestamp with time zone DEFAULT now() NOT NULL,
	"revocada" timestamp with time zone,
	"motivo" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "sesion_renovaciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sesion_renovaciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"familia_id" integer NOT NULL,
	"hash" text NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"usada" timestamp with time zone,
	CONSTRAINT "sesion_renovaciones_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "intentos_ingreso" ADD COLUMN "clase" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "sesiones" ADD COLUMN "familia_id" integer;--> statement-breakpoint
ALTER TABLE "identidades_externas" ADD CONSTRAINT "identidades_externas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesion_familias" ADD CONSTRAINT "sesion_familias_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesion_renovaciones" ADD CONSTRAINT "sesion_renovaciones_familia_id_sesion_familias_id_fk" FOREIGN KEY ("familia_id") REFERENCES "public"."sesion_familias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identidades_externas_uq" ON "identidades_externas" USING btree ("proveedor","emisor","sujeto");--> statement-breakpoint
CREATE INDEX "identidades_externas_usuario_idx" ON "identidades_externas" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "sesion_familias_usuario_idx" ON "sesion_familias" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "sesion_renovaciones_familia_idx" ON "sesion_renovaciones" USING btree ("familia_id");--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_familia_id_sesion_familias_id_fk" FOREIGN KEY ("familia_id") REFERENCES "public"."sesion_familias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sesiones_familia_idx" ON "sesiones" USING btree ("familia_id");--> statement-breakpoint
-- Accounts already linked keep their link: the directory's by DN (replaced by entryUUID at the next sign-in),
-- the provider's by the issuer and subject saved as "issuer#sub".
INSERT INTO "identidades_externas" ("usuario_id", "proveedor", "emisor", "sujeto", "descripcion", "vinculo")
SELECT "id", 'ldap', 'ldap', "directorio_dn", "directorio_dn", 'automatica' FROM "usuarios"
WHERE "origen" = 'ldap' AND "directorio_dn" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "identidades_externas" ("usuario_id", "proveedor", "emisor", "sujeto", "descripcion", "vinculo")
SELECT "id", 'oidc', substring("directorio_dn" from '^(.*)#[^#]*$'), substring("directorio_dn" from '#([^#]*)$'), coalesce("email", "usuario"), 'automatica'
FROM "usuarios" WHERE "origen" = 'oidc' AND "directorio_dn" LIKE '%#%'
ON CONFLICT DO NOTHING;
