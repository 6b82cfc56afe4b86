import { DESARROLLO_ESTADO_NOMBRES } from '@intranet/contract/areas/desarrollos';
import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../area.ts';
import { desarrollos } from '../../db/schema.ts';

/** Developments by title. */
export const busquedaDesarrollos: FuenteBusqueda = {
  tipo: 'desarrollos',
  permiso: 'SER#VER',
  consulta: ({ contiene }) => sql`
    select ${desarrollos.id}::text as id, ${desarrollos.titulo} as titulo, case ${desarrollos.estado} ${sql.join(
      Object.entries(DESARROLLO_ESTADO_NOMBRES).map(([estado, nombre]) => sql`when ${estado} then ${nombre}`),
      sql` `,
    )} end as detalle,
      '/desarrollos/' || ${desarrollos.id} as enlace
    from ${desarrollos}
    where ${desarrollos.titulo} ilike ${contiene}`,
};
