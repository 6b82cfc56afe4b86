import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../area.ts';
import { productoBusqueda, productos } from '../../db/schema.ts';

/** Products by code, name, line or manager. */
export const busquedaProductos: FuenteBusqueda = {
  tipo: 'productos',
  permiso: 'PROD#VER',
  consulta: ({ contiene }) => sql`
    select ${productos.id}::text as id, ${productos.nombre} as titulo, ${productos.codigo} as detalle,
      '/soluciones/productos/' || ${productos.id} as enlace
    from ${productos}
    where ${productoBusqueda(productos)} ilike ${contiene}`,
};
