import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../area.ts';
import { personaBusqueda, personas } from '../../db/schema.ts';

/** People by name, e-mail, legajo, position, department or extension. */
export const busquedaPersonas: FuenteBusqueda = {
  tipo: 'personas',
  permiso: 'PHY-PER#TODO',
  consulta: ({ contiene }) => sql`
    select ${personas.id}::text as id, ${personas.apellido} || ', ' || ${personas.nombre} as titulo,
      ${personas.email} as detalle,
      '/personas/' || ${personas.id} as enlace
    from ${personas}
    where ${personaBusqueda(personas)} ilike ${contiene}`,
};
