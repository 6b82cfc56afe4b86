import { BUSQUEDA_CANDIDATOS } from '@intranet/contract/areas/busqueda';
import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../area.ts';
import { productoBusqueda, productos, versiones } from '../../db/schema.ts';

const columnas = sql`${versiones.id}::text as id, ${productos.nombre} || ' ' || ${versiones.numero} as titulo,
  initcap(${versiones.estado}) || ' · ' || ${versiones.canal} as detalle, '/versiones/' || ${versiones.id} as enlace`;

/**
 * Versions by number, or by their product's code or name ('physis' finds Physis's versions). Two branches, each
 * through its own index and each cut short: the versions whose number matches, and the versions of the first
 * products that match (a common word matches thousands of products; all their versions are never gathered).
 */
export const busquedaVersiones: FuenteBusqueda = {
  tipo: 'versiones',
  permiso: 'PACKS#VER',
  consulta: ({ contiene }) => sql`
    (select ${columnas}
     from ${versiones} join ${productos} on ${productos.id} = ${versiones.productoId}
     where ${versiones.numero} ilike ${contiene}
     limit ${BUSQUEDA_CANDIDATOS})
    union all
    (select ${columnas}
     from ${versiones} join ${productos} on ${productos.id} = ${versiones.productoId}
     where ${versiones.productoId} in (select "productos"."id" from "productos"
         where ${productoBusqueda(productos)} ilike ${contiene} limit ${BUSQUEDA_CANDIDATOS})
       and not ${versiones.numero} ilike ${contiene}
     limit ${BUSQUEDA_CANDIDATOS})`,
};
