import { PRODUCTO_PHYSIS } from '@intranet/contract/areas/clientes/actualizaciones';
import { SIN_VERSION, type ReporteFila, type ReporteParams } from '@intranet/contract/areas/reportes';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { actualizaciones, clientes, productos, servidoresCliente, versiones } from '../../db/schema.ts';
import { filas } from './sql.ts';

// ---- Reports over clients and their installations (CLIENTES#VER) ----

type Clientes = ReporteParams<'clientes-por-version'>['clientes'];

/** Which clients count: active ones, inactive ones or all (`e` is the empresas row). */
const clientesFiltro = (clientes: Clientes): SQL =>
  clientes === 'activos' ? sql`e.activo` : clientes === 'inactivos' ? sql`not e.activo` : sql`true`;

/** A version_physis the reports can read as numbers (the contract allows 2 to 4 parts; older rows may not). */
const VERSION_VALIDA = '^[0-9]{1,9}(\\.[0-9]{1,9}){0,3}$';

/**
 * Clients by the highest Physis version of their servers (clients without one as "Sin versión"), beside the
 * servers running each version; newest version first.
 */
export function clientesPorVersion(db: Executor, p: ReporteParams<'clientes-por-version'>): Promise<ReporteFila[]> {
  return filas(
    db,
    sql`
    with ser as (
      select s.empresa_id, string_to_array(s.version_physis, '.')::int[] as v
        from ${servidoresCliente} s join ${clientes} e on e.id = s.empresa_id
       where s.version_physis ~ ${VERSION_VALIDA} and ${clientesFiltro(p.clientes)}
    ),
    cli as (
      select (select max(ser.v) from ser where ser.empresa_id = e.id) as v
        from ${clientes} e
       where ${clientesFiltro(p.clientes)}
    ),
    c as (select v, count(*)::int as n from cli group by v),
    s as (select v, count(*)::int as n from ser group by v)
    select coalesce(array_to_string(coalesce(c.v, s.v), '.'), ${SIN_VERSION}) as version,
           coalesce(c.n, 0) as clientes, coalesce(s.n, 0) as servidores
      from c full join s on s.v = c.v
     order by coalesce(c.v, s.v) desc nulls last`,
  );
}

/** versionOrden (contract/version-numero) of a version_physis, in SQL: four zero-padded parts and `~`. */
const ordenDe = (v: SQL): SQL => sql`(
  (select string_agg(lpad(u.parte, 10, '0'), '.' order by u.n)
     from unnest(string_to_array(${v}, '.')
                 || array_fill('0'::text, array[4 - cardinality(string_to_array(${v}, '.'))]))
       with ordinality as u(parte, n))
  || '~')`;

/**
 * Per product, its newest published release (estable or hotfix) and how many clients have it on every server
 * (al día) or run an older one somewhere (desactualizados). What a server has: for Physis ERP its own
 * version_physis, for the rest its latest correct update (as Actualizaciones' "Clientes desactualizados").
 */
export function clientesDesactualizados(
  db: Executor,
  p: ReporteParams<'clientes-desactualizados'>,
): Promise<ReporteFila[]> {
  return filas(
    db,
    sql`
    with ultima as (
      select distinct on (v.producto_id) v.producto_id, v.numero, v.orden
        from ${versiones} v
       where v.estado = 'publicada' and v.canal in ('estable', 'hotfix')
       order by v.producto_id, v.orden collate "C" desc
    ),
    physis as (
      select s.id as servidor_id, s.empresa_id, pr.id as producto_id, ${ordenDe(sql`s.version_physis`)} as orden
        from ${servidoresCliente} s join ${productos} pr on pr.codigo = ${PRODUCTO_PHYSIS}
       where s.version_physis ~ ${VERSION_VALIDA}
    ),
    actualizada as (
      select distinct on (a.servidor_id, a.producto_id) a.servidor_id, a.empresa_id, a.producto_id, v.orden
        from ${actualizaciones} a join ${versiones} v on v.id = a.version_hasta_id
       where a.resultado = 'ok'
       order by a.servidor_id, a.producto_id, a.fecha desc, a.id desc
    ),
    tiene as (
      select servidor_id, empresa_id, producto_id, orden from physis
      union all
      select a.servidor_id, a.empresa_id, a.producto_id, a.orden from actualizada a
       where not exists (select 1 from physis ph where ph.servidor_id = a.servidor_id
         and ph.producto_id = a.producto_id)
    ),
    por_cliente as (
      select t.producto_id, t.empresa_id, bool_or(t.orden collate "C" < u.orden collate "C") as atrasado
        from tiene t join ultima u on u.producto_id = t.producto_id join ${clientes} e on e.id = t.empresa_id
       where ${clientesFiltro(p.clientes)}
       group by t.producto_id, t.empresa_id
    )
    select pr.nombre as producto, u.numero as ultima_version,
           (count(pc.empresa_id) filter (where not pc.atrasado))::int as al_dia,
           (count(pc.empresa_id) filter (where pc.atrasado))::int as desactualizados
      from ultima u join ${productos} pr on pr.id = u.producto_id
      left join por_cliente pc on pc.producto_id = u.producto_id
     group by pr.id, pr.nombre, u.numero
     order by pr.nombre, pr.id`,
  );
}
