import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../area.ts';
import { aplicacionBusqueda, aplicaciones } from '../../db/schema.ts';

/** Apps by package name, name, summary or category. */
export const busquedaAplicaciones: FuenteBusqueda = {
  tipo: 'aplicaciones',
  permiso: 'APP#VER',
  consulta: ({ contiene }) => sql`
    select ${aplicaciones.id}::text as id, ${aplicaciones.nombre} as titulo, ${aplicaciones.packageName} as detalle,
      '/soluciones/apk/' || ${aplicaciones.id} as enlace
    from ${aplicaciones}
    where ${aplicacionBusqueda(aplicaciones)} ilike ${contiene}`,
};
