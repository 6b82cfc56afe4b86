ALTER TABLE "sitios" DROP CONSTRAINT "sitios_servidor_id_servidores_id_fk";
--> statement-breakpoint
ALTER TABLE "sitios" DROP CONSTRAINT "sitios_dns_id_dns_id_fk";
--> statement-breakpoint
ALTER TABLE "sitios" ADD CONSTRAINT "sitios_servidor_id_servidores_id_fk" FOREIGN KEY ("servidor_id") REFERENCES "public"."servidores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitios" ADD CONSTRAINT "sitios_dns_id_dns_id_fk" FOREIGN KEY ("dns_id") REFERENCES "public"."dns"("id") ON DELETE set null ON UPDATE no action;