import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../area.ts';
import { maquinaBusqueda, maquinas } from '../../db/schema.ts';

/** Machines by name, inventory number, serial, maker, model, IP, MAC or place. */
export const busquedaMaquinas: FuenteBusqueda = {
  tipo: 'maquinas',
  permiso: 'PHY-MAQ#TODO',
  consulta: ({ contiene }) => sql`
    select ${maquinas.id}::text as id, ${maquinas.nombre} as titulo,
      nullif(concat_ws(' · ', 'Inv. ' || ${maquinas.nroInventario}, 'Serie ' || ${maquinas.serie}), '') as detalle,
      '/maquinas/' || ${maquinas.id} as enlace
    from ${maquinas}
    where ${maquinaBusqueda(maquinas)} ilike ${contiene}`,
};
