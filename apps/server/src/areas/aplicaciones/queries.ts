import { archivoDescargaPath } from '@intranet/contract/areas/archivos';
import type {
  Aplicacion,
  AplicacionFila,
  aplicacionListQuery,
  AplicacionValues,
} from '@intranet/contract/areas/aplicaciones';
import { renderHtml } from '@intranet/editor';
import { asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { columnValues, wireColumns } from '../../db/wire.ts';
import { aplicacionBusqueda, aplicaciones, aplicacionVersiones, archivos } from '../../db/schema.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import type { ListSource, ListSpec } from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';
import { MENSAJES } from './messages.ts';

type AplicacionListQuery = Omit<z.output<typeof aplicacionListQuery>, 'page' | 'size'>;

/** The audit entity of an app's history; its versions' changes are written under it too. */
export const ENTIDAD = 'aplicacion';

const v = aplicacionVersiones;
const deLaApp = sql`${v.aplicacionId} = ${aplicaciones.id}`;
const versiones = sql<number>`(select count(*)::int from ${v} where ${deLaApp})`;
const descargas = sql<number>`(select coalesce(sum(${v.descargas}), 0)::int from ${v} where ${deLaApp})`;
const ultimaVersion = sql<
  string | null
>`(select ${v.versionName} from ${v} where ${deLaApp} order by ${v.versionCode} desc limit 1)`;
const ultimoCode = sql<number | null>`(select max(${v.versionCode}) from ${v} where ${deLaApp})`;
// The first upload fixed the signer; every later one was checked against it.
const firma = sql<
  string | null
>`(select ${v.firmaSha256} from ${v} where ${deLaApp} order by ${v.versionCode} limit 1)`;

const fila = {
  ...wireColumns(aplicaciones, ['id', 'package_name', 'nombre', 'resumen', 'categoria', 'publicada', 'icono_id']),
  icono_sha256: archivos.sha256,
  versiones,
  ultima_version: ultimaVersion,
  ultima_version_code: ultimoCode,
  descargas,
  creado: aplicaciones.creado,
  actualizado: aplicaciones.actualizado,
};
const completo = { ...fila, descripcion: aplicaciones.descripcion, firma_sha256: firma };

interface Crudo {
  icono_sha256: string | null;
  creado: Date;
  actualizado: Date;
}
function wire<R extends Crudo>({ icono_sha256, ...row }: R) {
  return {
    ...row,
    icono: icono_sha256 ? archivoDescargaPath(icono_sha256) : null,
    creado: row.creado.toISOString(),
    actualizado: row.actualizado.toISOString(),
  };
}

/** The apps list: search over package name, name, summary and category; filters by category and published. */
export const aplicacionesList: ListSpec<AplicacionListQuery> = {
  search: aplicacionBusqueda(aplicaciones),
  sorts: {
    ...wireColumns(aplicaciones, ['package_name', 'nombre', 'publicada', 'actualizado']),
    categoria: sql`coalesce(${aplicaciones.categoria}, '')`,
    versiones,
    descargas,
  },
  defaultSort: 'nombre',
  id: aplicaciones.id,
  filters: (q) => [
    q.categoria ? sql`lower(${aplicaciones.categoria}) = lower(${q.categoria})` : undefined,
    q.publicada === undefined ? undefined : eq(aplicaciones.publicada, q.publicada),
  ],
};

export const aplicacionesSource = (db: Executor): ListSource<AplicacionFila> => ({
  rows: async (f) => {
    const rows = await db
      .select({ ...fila, sortKey: f.sortKey })
      .from(aplicaciones)
      .leftJoin(archivos, eq(archivos.id, aplicaciones.iconoId))
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset);
    return rows.map(wire);
  },
  count: async (where) => (await db.select({ n: count() }).from(aplicaciones).where(where))[0]?.n ?? 0,
});

export const aplicacionesCsv: CsvColumn<AplicacionFila>[] = [
  { titulo: 'Nombre', valor: (a) => a.nombre },
  { titulo: 'Paquete', valor: (a) => a.package_name },
  { titulo: 'Categoría', valor: (a) => a.categoria },
  { titulo: 'Resumen', valor: (a) => a.resumen },
  { titulo: 'Publicada', valor: (a) => a.publicada },
  { titulo: 'Versiones', valor: (a) => a.versiones },
  { titulo: 'Última versión', valor: (a) => a.ultima_version },
  { titulo: 'Último versionCode', valor: (a) => a.ultima_version_code },
  { titulo: 'Descargas', valor: (a) => a.descargas },
  { titulo: 'Actualizada', valor: (a) => new Date(a.actualizado) },
];

/** The categories in use, for the filter and the form's suggestions. */
export async function aplicacionCategorias(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ categoria: aplicaciones.categoria })
    .from(aplicaciones)
    .where(isNotNull(aplicaciones.categoria))
    .orderBy(asc(aplicaciones.categoria));
  return rows.map((r) => r.categoria).filter((c): c is string => c !== null);
}

const noExiste = () => new ApiError(404, MENSAJES.noExiste);

/** The app as answered (description rendered through the editor's schema); `lock` holds it for a change. */
export async function aplicacionRow(db: Executor, id: number, lock = false): Promise<Aplicacion | undefined> {
  const query = db
    .select(completo)
    .from(aplicaciones)
    .leftJoin(archivos, eq(archivos.id, aplicaciones.iconoId))
    .where(eq(aplicaciones.id, id));
  const [row] = lock ? await query.for('update', { of: aplicaciones }) : await query;
  return row ? { ...wire(row), descripcion_html: renderHtml(row.descripcion) } : undefined;
}

export async function aplicacionDetalle(db: Executor, id: number): Promise<Aplicacion> {
  const row = await aplicacionRow(db, id);
  if (!row) throw noExiste();
  return row;
}

/** An icon must be an image the icon upload accepted (it records the type it recognised). */
async function validarIcono(tx: Executor, iconoId: number | null): Promise<void> {
  if (iconoId === null) return;
  const [row] = await tx.select({ tipo: archivos.tipo }).from(archivos).where(eq(archivos.id, iconoId));
  if (!row) throw new ApiError(400, MENSAJES.iconoNoExiste, { icono_id: [MENSAJES.iconoNoExiste] });
  if (!row.tipo.startsWith('image/'))
    throw new ApiError(400, MENSAJES.iconoNoImagen, { icono_id: [MENSAJES.iconoNoImagen] });
}

/** The payload as the table's columns (the form's writes and the import's). */
export const columnas = (values: AplicacionValues) => columnValues(aplicaciones, values);

/** Without the rendered HTML: the audit keeps the stored document only. */
const auditado = ({ descripcion_html: _html, ...row }: Aplicacion) => row;

/** The record as its create route writes it to the history (the demo seed writes its history too). */
export async function auditadoDe(db: Executor, id: number) {
  const app = await aplicacionRow(db, id);
  return app && auditado(app);
}

export async function crearAplicacion(db: Db, values: AplicacionValues, autor: Autor | null): Promise<Aplicacion> {
  return db.transaction((tx) => crearEn(tx, values, autor));
}

/** Inserts inside the caller's transaction (the seed uses it too), with its audit row. */
export async function crearEn(tx: Tx, values: AplicacionValues, autor: Autor | null): Promise<Aplicacion> {
  await validarIcono(tx, values.icono_id);
  const [row] = await tx.insert(aplicaciones).values(columnas(values)).returning({ id: aplicaciones.id });
  const creada = (await aplicacionRow(tx, row!.id))!;
  await writeAudit(tx, { autor, accion: 'crear', entidad: ENTIDAD, entidadId: creada.id, despues: auditado(creada) });
  return creada;
}

export async function modificarAplicacion(
  db: Db,
  id: number,
  values: AplicacionValues,
  autor: Autor,
): Promise<Aplicacion> {
  return db.transaction(async (tx) => {
    const antes = await aplicacionRow(tx, id, true);
    if (!antes) throw noExiste();
    // Every version's manifest names the package: once there are versions it is fixed.
    if (antes.versiones > 0 && values.package_name !== antes.package_name) {
      throw new ApiError(409, MENSAJES.paqueteFijo, { package_name: [MENSAJES.paqueteFijo] });
    }
    await validarIcono(tx, values.icono_id);
    await tx
      .update(aplicaciones)
      .set({ ...columnas(values), actualizado: sql`now()` })
      .where(eq(aplicaciones.id, id));
    const despues = (await aplicacionRow(tx, id))!;
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD,
      entidadId: id,
      antes: auditado(antes),
      despues: auditado(despues),
    });
    return despues;
  });
}

/**
 * Deletes an app without versions. One with versions is refused (409; its foreign key refuses it too): its
 * uploads fixed the package's signer, which protects every later update, so it is unpublished instead.
 */
export async function eliminarAplicacion(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const antes = await aplicacionRow(tx, id, true);
    if (!antes) throw noExiste();
    if (antes.versiones > 0) throw new ApiError(409, MENSAJES.conVersiones(antes.versiones));
    await tx.delete(aplicaciones).where(eq(aplicaciones.id, id));
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD, entidadId: id, antes: auditado(antes) });
  });
}
