import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../core/area.ts';
import { productoBusqueda, productos, versiones } from '../../db/schema.ts';

/** Versions by number, or by their product's code or name ('physis' finds Physis's), the latest first. */
export const busquedaVersiones: FuenteBusqueda = {
  tipo: 'versiones',
  permiso: 'PACKS#VER',
  consulta: ({ contiene, empieza }) => sql`
    select ${versiones.id}::text as id, ${productos.nombre} || ' ' || ${versiones.numero} as titulo,
      initcap(${versiones.estado}) || ' · ' || ${versiones.canal} as detalle,
      '/versiones/' || ${versiones.id} as enlace
    from ${versiones} join ${productos} on ${productos.id} = ${versiones.productoId}
    where ${versiones.id} in (
      select "v"."id" from "versiones" "v" where "v"."numero" ilike ${contiene}
      union
      select "v"."id" from "versiones" "v" where "v"."producto_id" in (select "productos"."id" from "productos" where ${productoBusqueda(productos)} ilike ${contiene}))
    order by ${versiones.numero} ilike ${empieza} desc, ${versiones.id} desc`,
};
