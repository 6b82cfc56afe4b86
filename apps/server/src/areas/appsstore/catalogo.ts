import {
  apkNombre,
  type StoreApp,
  type StoreCanal,
  type storeCatalogoQuery,
  type StoreVersion,
} from '@intranet/contract/areas/appsstore';
import { renderHtml } from '@intranet/editor';
import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import {
  aplicacionBusqueda,
  aplicaciones,
  aplicacionVersiones,
  appsstoreDestacadas,
  archivos,
} from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import type { ListSource, ListSpec } from '../../lists/list.ts';

type CatalogoQuery = Omit<z.output<typeof storeCatalogoQuery>, 'page' | 'size'>;

/** Absolute base of `{store}` (no trailing slash): the catalogue's links are handed to devices as they are. */
export type StoreBase = string;

export const descargaUrl = (base: StoreBase, packageName: string, versionCode: number) =>
  `${base}/api/store/descargas/${encodeURIComponent(apkNombre(packageName, versionCode))}`;
const iconoUrl = (base: StoreBase, packageName: string, sha256: string) =>
  `${base}/api/store/iconos/${encodeURIComponent(packageName)}?v=${sha256.slice(0, 12)}`;

/** A version the store offers: published, on one of the offered channels. */
export const ofrecida = (canales: readonly StoreCanal[]): SQL =>
  and(eq(aplicacionVersiones.publicada, true), inArray(aplicacionVersiones.canal, [...canales]))!;

/** A listed application: published, with at least one offered version. */
export const listada = (db: Executor, canales: readonly StoreCanal[]): SQL =>
  and(
    eq(aplicaciones.publicada, true),
    exists(
      db
        .select({ uno: sql`1` })
        .from(aplicacionVersiones)
        .where(and(eq(aplicacionVersiones.aplicacionId, aplicaciones.id), ofrecida(canales))),
    ),
  )!;

const descargasApp = sql<number>`(select coalesce(sum(v.descargas), 0)::int from aplicacion_versiones v
  where v.aplicacion_id = ${aplicaciones.id})`;
const destacadaOrden = sql<
  number | null
>`(select d.orden from appsstore_destacadas d where d.aplicacion_id = ${aplicaciones.id})`;
const ultimaFecha = (canales: readonly StoreCanal[]) =>
  sql<Date>`(select max(v.fecha) from aplicacion_versiones v
    where v.aplicacion_id = ${aplicaciones.id} and v.publicada and v.canal in (${sql.join(
      canales.map((c) => sql`${c}`),
      sql`, `,
    )}))`;

const appCampos = (canales: readonly StoreCanal[]) => ({
  ...wireColumns(aplicaciones, ['id', 'package_name', 'nombre', 'resumen', 'categoria', 'descripcion']),
  iconoSha256: archivos.sha256,
  descargas: descargasApp,
  destacadaOrden,
  actualizado: ultimaFecha(canales),
});

/** The latest offered version of each (application, channel), with the application's package name. */
async function ultimasVersiones(db: Executor, ids: number[], canales: readonly StoreCanal[]) {
  if (ids.length === 0) return [];
  const v = aplicacionVersiones;
  return db
    .selectDistinctOn(
      [v.aplicacionId, v.canal],
      wireColumns(v, [
        'id',
        'aplicacion_id',
        'version_code',
        'version_name',
        'canal',
        'fecha',
        'tamano',
        'sha256',
        'min_sdk',
        'target_sdk',
        'novedades',
        'descargas',
      ]),
    )
    .from(v)
    .where(and(inArray(v.aplicacionId, ids), ofrecida(canales)))
    .orderBy(v.aplicacionId, v.canal, desc(v.versionCode));
}

type VersionRow = Awaited<ReturnType<typeof ultimasVersiones>>[number];

export function versionWire(base: StoreBase, packageName: string, fila: VersionRow): StoreVersion {
  const { aplicacion_id: _aplicacion, ...v } = fila;
  return {
    ...v,
    fecha: v.fecha.toISOString(),
    apk: apkNombre(packageName, v.version_code),
    url: descargaUrl(base, packageName, v.version_code),
  };
}

interface Consulta {
  where: SQL | undefined;
  orderBy: SQL[];
  limit?: number;
  offset?: number;
  sortKey?: SQL<string>;
}

/** The catalogue's applications matching `where`, each with its latest offered version per channel. */
async function catalogoApps(db: Executor, base: StoreBase, canales: readonly StoreCanal[], consulta: Consulta) {
  const query = db
    .select({ ...appCampos(canales), sortKey: consulta.sortKey ?? sql<string>`''` })
    .from(aplicaciones)
    .leftJoin(archivos, eq(archivos.id, aplicaciones.iconoId))
    .where(and(listada(db, canales), consulta.where))
    .orderBy(...consulta.orderBy)
    .$dynamic();
  const rows = await (consulta.limit === undefined ? query : query.limit(consulta.limit).offset(consulta.offset ?? 0));
  const versiones = await ultimasVersiones(
    db,
    rows.map((r) => r.id),
    canales,
  );
  return rows.map((row) => {
    const suyas = versiones.filter((v) => v.aplicacion_id === row.id);
    const enCanal = (canal: StoreCanal) => {
      const v = suyas.find((x) => x.canal === canal);
      return v ? versionWire(base, row.package_name, v) : null;
    };
    const app: StoreApp & { sortKey: string } = {
      id: row.id,
      package_name: row.package_name,
      nombre: row.nombre,
      resumen: row.resumen,
      categoria: row.categoria,
      destacada: row.destacadaOrden !== null,
      descripcion_html: renderHtml(row.descripcion),
      icono_url: row.iconoSha256 ? iconoUrl(base, row.package_name, row.iconoSha256) : null,
      descargas: row.descargas,
      actualizado: new Date(row.actualizado).toISOString(),
      versiones: { estable: enCanal('estable'), beta: enCanal('beta') },
      sortKey: row.sortKey,
    };
    return app;
  });
}

/** The whole public catalogue: featured applications first, in their order, then by name. */
export async function catalogoCompleto(
  db: Executor,
  base: StoreBase,
  canales: readonly StoreCanal[],
): Promise<StoreApp[]> {
  const apps = await catalogoApps(db, base, canales, {
    where: undefined,
    orderBy: [sql`${destacadaOrden} asc nulls last`, asc(aplicaciones.nombre), asc(aplicaciones.id)],
  });
  return apps.map(({ sortKey: _sortKey, ...app }) => app);
}

/**
 * The staff catalogue list: search over package, name, summary and category; filters by category, channel, featured.
 */
export function catalogoListSpec(canales: readonly StoreCanal[]): ListSpec<CatalogoQuery> {
  return {
    search: aplicacionBusqueda(aplicaciones),
    sorts: {
      nombre: aplicaciones.nombre,
      categoria: sql`coalesce(${aplicaciones.categoria}, '')`,
      descargas: descargasApp,
      actualizado: ultimaFecha(canales),
    },
    defaultSort: 'nombre',
    id: aplicaciones.id,
    filters: (q) => [
      q.categoria ? sql`lower(${aplicaciones.categoria}) = lower(${q.categoria})` : undefined,
      q.canal
        ? exists(
            sql`(select 1 from aplicacion_versiones v
              where v.aplicacion_id = ${aplicaciones.id} and v.publicada and v.canal = ${q.canal})`,
          )
        : undefined,
      q.destacada === undefined
        ? undefined
        : q.destacada
          ? inArray(aplicaciones.id, sql`(select aplicacion_id from ${appsstoreDestacadas})`)
          : sql`${aplicaciones.id} not in (select aplicacion_id from ${appsstoreDestacadas})`,
    ],
  };
}

export const catalogoSource = (
  db: Executor,
  base: StoreBase,
  canales: readonly StoreCanal[],
): ListSource<StoreApp> => ({
  rows: (f) => catalogoApps(db, base, canales, f),
  count: async (where) =>
    (
      await db
        .select({ n: count() })
        .from(aplicaciones)
        .where(and(listada(db, canales), where))
    )[0]?.n ?? 0,
});

/** The categories of the listed applications, for the staff list's filter. */
export async function catalogoCategorias(db: Executor, canales: readonly StoreCanal[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ categoria: aplicaciones.categoria })
    .from(aplicaciones)
    .where(and(listada(db, canales), sql`${aplicaciones.categoria} is not null`))
    .orderBy(asc(aplicaciones.categoria));
  return rows.map((r) => r.categoria).filter((c): c is string => c !== null);
}

export const catalogoCsv: CsvColumn<StoreApp>[] = [
  { titulo: 'Package', valor: (a) => a.package_name },
  { titulo: 'Nombre', valor: (a) => a.nombre },
  { titulo: 'Categoría', valor: (a) => a.categoria },
  { titulo: 'Destacada', valor: (a) => a.destacada },
  { titulo: 'Versión estable', valor: (a) => a.versiones.estable?.version_name ?? null },
  { titulo: 'Código estable', valor: (a) => a.versiones.estable?.version_code ?? null },
  { titulo: 'Versión beta', valor: (a) => a.versiones.beta?.version_name ?? null },
  { titulo: 'Código beta', valor: (a) => a.versiones.beta?.version_code ?? null },
  { titulo: 'Descargas', valor: (a) => a.descargas },
  { titulo: 'Actualizado', valor: (a) => new Date(a.actualizado) },
  { titulo: 'Descarga estable', valor: (a) => a.versiones.estable?.url ?? null },
  { titulo: 'Descarga beta', valor: (a) => a.versiones.beta?.url ?? null },
];
