-- The DNS list sorts by its server's name: kept on each entry (a subquery per row sorted every entry, 1.1 s at
-- 1M), filled from the server on insert or move, and carried to the entries when a server is renamed.
ALTER TABLE "dns" ADD COLUMN "servidor_nombre" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "dns" SET "servidor_nombre" = "servidores"."nombre" FROM "servidores" WHERE "servidores"."id" = "dns"."servidor_id";--> statement-breakpoint
CREATE INDEX "dns_servidor_nombre_idx" ON "dns" USING btree ("servidor_nombre","id");--> statement-breakpoint
CREATE FUNCTION "dns_servidor_nombre"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- No such server: the foreign key refuses the row after this, with its own message.
  NEW."servidor_nombre" := coalesce((SELECT "nombre" FROM "servidores" WHERE "id" = NEW."servidor_id"), '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dns_servidor_nombre" BEFORE INSERT OR UPDATE OF "servidor_id", "servidor_nombre" ON "dns"
  FOR EACH ROW EXECUTE FUNCTION "dns_servidor_nombre"();
--> statement-breakpoint
CREATE FUNCTION "servidores_nombre_a_dns"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only when the server has entries: an UPDATE of no rows would still announce a change of dns (its statement
  -- trigger, 0018), and every list reading dns would show one more change than there was.
  IF EXISTS (SELECT 1 FROM "dns" WHERE "servidor_id" = NEW."id") THEN
    UPDATE "dns" SET "servidor_nombre" = NEW."nombre" WHERE "servidor_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "servidores_nombre_a_dns" AFTER UPDATE OF "nombre" ON "servidores"
  FOR EACH ROW WHEN (OLD."nombre" IS DISTINCT FROM NEW."nombre") EXECUTE FUNCTION "servidores_nombre_a_dns"();
