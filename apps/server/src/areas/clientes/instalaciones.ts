import type {
  ClienteInstalaciones,
  Instalacion,
  InstalacionesPage,
  instalacionesListQuery,
} from '@intranet/contract/areas/clientes';
import { TOPE_TOTAL } from '@intranet/contract/shared/list';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { clientes, servidoresCliente } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import { listPage, listWhere, type ListSource, type ListSpec } from '../../lists/list.ts';
import { busqueda, clientesSource } from './queries.ts';

type InstalacionesQuery = z.output<typeof instalacionesListQuery>;

/** The Instalaciones list: the clients searched as the clients list searches them, sorted on the same indexes. */
export const instalacionesList: ListSpec<InstalacionesQuery> = {
  // servidores_count is kept on the client by triggers (migration 0040).
  sorts: wireColumns(clientes, ['razon_social', 'cuit', 'servidores_count']),
  defaultSort: 'razon_social',
  id: clientes.id,
  filters: (q) => [busqueda(q.q)],
};

// Counted for the page's rows only: each count walks the parameters' index on its client or server.
const fila = {
  ...wireColumns(clientes, ['id', 'razon_social', 'nombre_fantasia', 'cuit', 'activo', 'servidores_count']),
  parametros_count: sql<number>`(select count(*)::int from parametros p where p.empresa_id = "empresas"."id")`,
  servidores: sql<
    Instalacion[]
  >`coalesce((select json_agg(json_build_object('id', s.id, 'nombre', s.nombre, 'version_physis', s.version_physis,
    'parametros_count', (select count(*)::int from parametros p where p.servidor_id = s.id))
      order by lower(s.nombre), s.id)
    from servidores_cliente s where s.empresa_id = "empresas"."id"), '[]'::json)`,
};

/** The clients list's own source (totals, search by its trigram index), with these rows for its page. */
export const instalacionesSource = (db: Executor): ListSource<ClienteInstalaciones> => ({
  ...clientesSource(db),
  rows: async (f) => {
    const pagina = db
      .select({ id: clientes.id })
      .from(clientes)
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset)
      .as('pagina');
    return db
      .select({ ...fila, sortKey: f.sortKey })
      .from(pagina)
      .innerJoin(clientes, eq(clientes.id, pagina.id))
      .orderBy(...f.orderBy);
  },
});

/**
 * How many installations the matching clients hold: all of them unfiltered; a search's clients summed up to
 * the cap a list counts to, and past it null (its total is "más de 10.000" too).
 */
async function instalacionesDe(db: Executor, where: SQL | undefined): Promise<number | null> {
  if (!where) return (await db.select({ n: count() }).from(servidoresCliente))[0]?.n ?? 0;
  const hasta = db
    .select({ n: clientes.servidoresCount })
    .from(clientes)
    .where(where)
    .limit(TOPE_TOTAL + 1)
    .as('hasta');
  const [suma] = await db
    .select({ clientes: count(), instalaciones: sql<number>`coalesce(sum(${hasta.n}), 0)::int` })
    .from(hasta);
  return suma && suma.clientes > TOPE_TOTAL ? null : (suma?.instalaciones ?? 0);
}

/** `GET /api/empresas/instalaciones`: a page of clients with their installations, and the installations in all. */
export async function paginaDeInstalaciones(db: Executor, query: InstalacionesQuery): Promise<InstalacionesPage> {
  const [pagina, instalaciones] = await Promise.all([
    listPage(instalacionesList, query, instalacionesSource(db)),
    instalacionesDe(db, listWhere(instalacionesList, query)),
  ]);
  return { ...pagina, instalaciones };
}
