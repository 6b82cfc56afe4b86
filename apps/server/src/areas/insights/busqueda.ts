import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../area.ts';
import { insightsIssueBusqueda, insightsIssues } from '../../db/schema.ts';

/** Monitor issues by title or culprit (the search row kept apart from the busy issue row), the latest seen first. */
export const busquedaInsights: FuenteBusqueda = {
  tipo: 'insights',
  permiso: 'SER#VER',
  consulta: ({ contiene }) => sql`
    select ${insightsIssues.id}::text as id, ${insightsIssues.titulo} as titulo,
      nullif(${insightsIssues.culprit}, '') as detalle,
      '/insights/' || ${insightsIssues.id} as enlace
    from ${insightsIssueBusqueda} join ${insightsIssues} on ${insightsIssues.id} = ${insightsIssueBusqueda.issueId}
    where ${insightsIssueBusqueda.texto} ilike ${contiene}`,
};
