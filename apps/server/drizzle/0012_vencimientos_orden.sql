DROP INDEX "afip_certificados_vence_idx";--> statement-breakpoint
DROP INDEX "afip_puntos_venta_vence_idx";--> statement-breakpoint
DROP INDEX "physis_licencias_vence_idx";--> statement-breakpoint
CREATE INDEX "afip_certificados_vence_idx" ON "afip_certificados" USING btree ("vence",("id" * 4 + 1));--> statement-breakpoint
CREATE INDEX "afip_puntos_venta_vence_idx" ON "afip_puntos_venta" USING btree ("cai_vence",("id" * 4 + 2)) WHERE "afip_puntos_venta"."cai_vence" is not null;--> statement-breakpoint
CREATE INDEX "physis_licencias_vence_idx" ON "physis_licencias" USING btree ("vence",("id" * 4 + 3)) WHERE "physis_licencias"."vence" is not null and "physis_licencias"."baja" is null;--> statement-breakpoint
-- CREATE OR REPLACE: vencimientos_proximo depends on this view (same columns, new definition).
CREATE OR REPLACE VIEW "public"."vencimientos" AS (
  select u.id, u.tipo, u.grupo, u.item_id, u.empresa_id, u.item, u.detalle, u.vence
    from (
      select c.id * 4 + 1 as id, 'certificado'::text as tipo, 'afip'::text as grupo, c.id as item_id, c.empresa_id,
             coalesce(c.alias, c.cn) as item,
             (case c.ambiente when 'produccion' then 'Producción' else 'Homologación' end)
               || case when cardinality(c.servicios) > 0 then ' · ' || array_to_string(c.servicios, ', ') else '' end as detalle,
             c.vence, true as vigente
        from afip_certificados c
      union all
      select p.id * 4 + 2, 'punto_venta'::text, 'afip'::text, p.id, p.empresa_id,
             'PV ' || lpad(p.numero::text, 5, '0'), 'CAI' || coalesce(' · ' || p.descripcion, ''), p.cai_vence, true
        from afip_puntos_venta p
      union all
      select l.id * 4 + 3, 'licencia'::text, 'physis'::text, l.id, l.empresa_id,
             (select pr.nombre from productos pr where pr.id = l.producto_id) || coalesce(' · ' || l.modulo, ''),
             (case l.tipo when 'anual' then 'Anual' when 'mensual' then 'Mensual' else 'Perpetua' end) || ' · ' || l.usuarios
               || case when l.usuarios = 1 then ' usuario' else ' usuarios' end,
             l.vence, l.baja is null
        from physis_licencias l
    ) u
   where u.vence is not null and u.vigente
);