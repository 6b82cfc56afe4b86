-- Deliveries signed per Standard Webhooks: each one's webhook-id (mensaje), which a redelivery keeps. What a
-- receiver answered is no longer kept: an earlier answer becomes the attempt's classification.
ALTER TABLE "webhook_entregas" ADD COLUMN "mensaje" text DEFAULT ('msg_' || replace(gen_random_uuid()::text, '-', '')) NOT NULL;--> statement-breakpoint
UPDATE "webhook_entregas" SET "respuesta" = CASE
  WHEN "codigo" BETWEEN 200 AND 299 THEN 'Entregado (' || "codigo" || ')'
  WHEN "codigo" BETWEEN 300 AND 399 THEN 'Redirección no seguida (' || "codigo" || ')'
  WHEN "codigo" IS NOT NULL THEN 'El receptor respondió ' || "codigo"
  WHEN "respuesta" LIKE 'Sin respuesta%' THEN 'Tiempo de espera agotado'
  ELSE 'No se pudo conectar' END
 WHERE "respuesta" IS NOT NULL;
