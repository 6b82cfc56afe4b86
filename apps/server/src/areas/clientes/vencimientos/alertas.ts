import { sql } from 'drizzle-orm';
import type { FuenteVencimientos } from '../../../area.ts';

const enlace = sql`'/clientes/' || e.id || '?tab=vencimientos'`;

/** A client's AFIP certificates, CAI of points of sale and Physis licences, for the alerts' expiry scan. */
export const vencimientosAlertas: readonly FuenteVencimientos[] = [
  {
    tipo: 'certificado',
    permiso: 'CLIENTES#VER',
    consulta: sql`
      select c.id as item_id, c.empresa_id,
             'Certificado AFIP ' || coalesce(c.alias, c.cn) || ' de ' || e.razon_social as titulo,
             c.vence, ${enlace} as enlace
        from afip_certificados c join empresas e on e.id = c.empresa_id
       where c.reemplazado_por is null`,
  },
  {
    tipo: 'punto_venta',
    permiso: 'CLIENTES#VER',
    consulta: sql`
      select p.id as item_id, p.empresa_id, 'CAI del punto de venta ' || p.numero || ' de ' || e.razon_social as titulo,
             p.cai_vence as vence, ${enlace} as enlace
        from afip_puntos_venta p join empresas e on e.id = p.empresa_id
       where p.cai_vence is not null`,
  },
  {
    tipo: 'licencia',
    permiso: 'CLIENTES#VER',
    consulta: sql`
      select l.id as item_id, l.empresa_id,
             'Licencia ' || pr.nombre || coalesce(' (' || l.modulo || ')', '') || ' de ' || e.razon_social as titulo,
             l.vence, ${enlace} as enlace
        from physis_licencias l join empresas e on e.id = l.empresa_id join productos pr on pr.id = l.producto_id
       where l.vence is not null and l.baja is null`,
  },
];
