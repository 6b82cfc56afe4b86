import {
  BUSQUEDA_CANDIDATOS,
  BUSQUEDA_POR_TIPO,
  BUSQUEDA_TIPOS,
  type BusquedaResultado,
} from '@intranet/contract/areas/busqueda';
import { busquedaApi } from '@intranet/contract/areas/busqueda/endpoints';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AreaDeps, PatronesBusqueda } from '../../area.ts';
import { route } from '../../core/endpoint.ts';
import { likePattern } from '../../lists/list.ts';
import { canAccess, sessionOf } from '../../plugins/access.ts';

/** The text as LIKE patterns, its own `%`, `_` and `\` taken literally. */
function patrones(texto: string): PatronesBusqueda {
  const contiene = likePattern(texto);
  return { texto, contiene, empieza: contiene.slice(1) };
}

/**
 * `GET {api}/api/busqueda?q=&tipos=`: the command palette's search. It asks every area the caller
 * may read (and the filter names) at once, through their trigram indexes, and answers the first few records
 * of each kind, in the palette's order. What the caller may not read is not asked.
 */
export const busquedaRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db, busqueda: fuentes }) => {
  const orden = new Map(BUSQUEDA_TIPOS.map((tipo, i) => [tipo, i]));
  const ordenadas = [...fuentes].sort((a, b) => (orden.get(a.tipo) ?? 0) - (orden.get(b.tipo) ?? 0));

  route(app, busquedaApi.buscar, {
    config: { access: 'session' },
    tags: ['busqueda'],
    handler: async (request) => {
      const { q, tipos } = request.query;
      const permisos = sessionOf(request).permisos;
      const elegidas = ordenadas.filter((f) => canAccess(f.permiso, permisos) && (!tipos || tipos.includes(f.tipo)));
      const p = patrones(q);
      if (elegidas.length === 0) return { error: null, datos: { resultados: [], tipos: [] } };
      // One statement for every kind (one connection of the pool, not one each): per kind, the first matches
      // its index gives, ranked (a title that starts with the text, then by title), the first few kept.
      const ramas = elegidas.map(
        (fuente, i) => sql`(
          select ${i}::int as "orden", ${fuente.tipo}::text as "tipo",
            "c"."id"::text as "id", "c"."titulo", "c"."detalle", "c"."enlace"
          from (${fuente.consulta(p)} limit ${BUSQUEDA_CANDIDATOS}) "c"
          order by "c"."titulo" ilike ${p.empieza} desc, "c"."titulo", "c"."id"
          limit ${BUSQUEDA_POR_TIPO})`,
      );
      const { rows } = await db.execute<BusquedaResultado & { orden: number }>(sql.join(ramas, sql` union all `));
      // Each kind's rows come in its rank (a branch's order holds in the append); the kinds, in the palette's.
      const resultados = rows
        .map((row, n) => ({ row, n }))
        .sort((a, b) => a.row.orden - b.row.orden || a.n - b.n)
        .map(({ row }) => ({
          tipo: row.tipo,
          id: row.id,
          titulo: row.titulo,
          detalle: row.detalle,
          enlace: row.enlace,
        }));
      return { error: null, datos: { resultados, tipos: elegidas.map((f) => f.tipo) } };
    },
  });
};
