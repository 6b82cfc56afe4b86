import { sql } from 'drizzle-orm';
import type { FuenteEventos } from '../../area.ts';

/**
 * A site check that newly fails (its previous check did not), and one that finds another certificate than
 * the previous check (another issuer or start date: renewed or replaced), for the alerts. Each check once.
 */
export const sitiosEventos: readonly FuenteEventos[] = [
  {
    tipo: 'sitio_falla',
    permiso: 'SUBPROD#VER',
    consulta: sql`
      select case when v.resultado = 'error' and coalesce(a.resultado, 'ok') <> 'error'
                  then 'sitio_falla:' else 'sitio_certificado:' end || v.id as clave,
             s.id as item_id, s.empresa_id, null::integer as proyecto_id,
             case when v.resultado = 'error' and coalesce(a.resultado, 'ok') <> 'error'
                  then s.nombre || ' dejó de responder bien: ' || v.mensaje
                  else 'Cambió el certificado de ' || s.nombre || ' (' || coalesce(v.emisor, 'sin emisor')
                       || ', válido desde ' || to_char(v.valido_desde, 'DD/MM/YYYY') || ')' end as titulo,
             '/soluciones/web/' || s.id as enlace
        from sitio_verificaciones v
        join sitios s on s.id = v.sitio_id
        left join lateral (select p.resultado, p.emisor, p.valido_desde from sitio_verificaciones p
                            where p.sitio_id = v.sitio_id and p.id < v.id order by p.id desc limit 1) a on true
       where v.fecha > now() - interval '1 day' and s.estado <> 'baja'
         and ((v.resultado = 'error' and coalesce(a.resultado, 'ok') <> 'error')
              or (v.valido_desde is not null and a.valido_desde is not null
                  and (v.valido_desde <> a.valido_desde or v.emisor is distinct from a.emisor)))`,
  },
];
