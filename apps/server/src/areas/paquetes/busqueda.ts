import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../area.ts';
import { paqueteBusqueda, paquetes } from '../../db/schema.ts';

/** Installer packages by file name, product, version or notes, the newest first. */
export const busquedaPaquetes: FuenteBusqueda = {
  tipo: 'paquetes',
  permiso: 'PACKS#VER',
  consulta: ({ contiene }) => sql`
    select ${paquetes.id}::text as id, ${paquetes.nombre} as titulo,
      nullif(concat_ws(' ', ${paquetes.producto}, ${paquetes.version}), '') as detalle,
      '/instaladores/' || ${paquetes.id} as enlace
    from ${paquetes}
    where ${paqueteBusqueda(paquetes)} ilike ${contiene}`,
};
