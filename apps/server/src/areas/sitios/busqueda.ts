import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../area.ts';
import { sitioBusqueda, sitios } from '../../db/schema.ts';

/** Websites by name, address or registrar. */
export const busquedaSitios: FuenteBusqueda = {
  tipo: 'sitios',
  permiso: 'SUBPROD#VER',
  consulta: ({ contiene }) => sql`
    select ${sitios.id}::text as id, ${sitios.nombre} as titulo, ${sitios.url} as detalle,
      '/soluciones/web/' || ${sitios.id} as enlace
    from ${sitios}
    where ${sitioBusqueda(sitios)} ilike ${contiene}`,
};
