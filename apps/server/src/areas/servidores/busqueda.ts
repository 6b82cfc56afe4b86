import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../area.ts';
import { dns, servidorBusqueda, servidores } from '../../db/schema.ts';

/** Own servers by name, host name, IPs, provider or role. */
export const busquedaServidores: FuenteBusqueda = {
  tipo: 'servidores',
  permiso: 'SER#VER',
  consulta: ({ contiene }) => sql`
    select ${servidores.id}::text as id, ${servidores.nombre} as titulo,
      nullif(concat_ws(' · ', ${servidores.hostname}, ${servidores.ipPublica}), '') as detalle,
      '/servidores/' || ${servidores.id} as enlace
    from ${servidores}
    where ${servidorBusqueda(servidores)} ilike ${contiene}`,
};

/** DNS hosts by name; each opens its entry's page. */
export const busquedaDns: FuenteBusqueda = {
  tipo: 'dns',
  permiso: '>SERDNS#VER',
  consulta: ({ contiene }) => sql`
    select ${dns.id}::text as id, ${dns.host} as titulo, ${dns.tipo} || ' · ' || ${servidores.nombre} as detalle,
      '/dns/' || ${dns.id} as enlace
    from ${dns} join ${servidores} on ${servidores.id} = ${dns.servidorId}
    where ${dns.host} ilike ${contiene}`,
};
