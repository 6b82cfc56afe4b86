import { sql } from 'drizzle-orm';
import type { FuenteVencimientos } from '../../area.ts';

/** Each site's SSL certificate and domain (the sitios_vencimientos view: sites not retired), for the alerts. */
export const sitiosAlertas: readonly FuenteVencimientos[] = [
  {
    tipo: 'sitio',
    permiso: 'SUBPROD#VER',
    consulta: sql`
      select v.id as item_id, v.empresa_id,
             case v.tipo when 'ssl' then 'Certificado SSL de ' else 'Dominio de ' end
               || s.nombre || ' (' || s.url || ')' as titulo,
             v.vence, '/soluciones/web/' || s.id as enlace
        from sitios_vencimientos v join sitios s on s.id = v.sitio_id`,
  },
];
