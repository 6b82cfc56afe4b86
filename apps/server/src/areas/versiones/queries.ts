import { archivoDescargaPath } from '@intranet/contract/areas/archivos';
import {
  puedePasar,
  type Changelog,
  type VersionAsset,
  type VersionDetalle,
  type VersionEstado,
  type VersionFila,
  type versionListQuery,
  type VersionValues,
} from '@intranet/contract/areas/versiones';
import { versionOrden } from '@intranet/contract/shared/version-numero';
import { renderHtml } from '@intranet/editor';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { columnValues, wireColumns } from '../../db/wire.ts';
import { archivos, productos, versionAssets, versiones } from '../../db/schema.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import { selectSource, type ListSource, type ListSpec } from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';
import type { FileStore } from '../../storage/store.ts';
import type { Upload } from '../../storage/upload.ts';
import { conArchivo, registrarArchivo } from '../../storage/archivos.ts';

type VersionListQuery = Omit<z.output<typeof versionListQuery>, 'page' | 'size'>;

/** The audit entity of a version's history. */
export const ENTIDAD = 'version';

const ESTADO_NOMBRE: Record<VersionEstado, string> = {
  borrador: 'borrador',
  publicada: 'publicada',
  retirada: 'retirada',
};

const assetsCount = sql<number>`(select count(*)::int from ${versionAssets}
  where ${versionAssets.versionId} = ${versiones.id})`;

const campos = {
  ...wireColumns(versiones, [
    'id',
    'producto_id',
    'numero',
    'canal',
    'estado',
    'fecha_publicacion',
    'creado',
    'actualizado',
  ]),
  producto: productos.nombre,
  assets: assetsCount,
};

interface VersionRow extends Omit<VersionFila, 'fecha_publicacion' | 'creado' | 'actualizado'> {
  fecha_publicacion: Date | null;
  creado: Date;
  actualizado: Date;
}
const wire = (row: VersionRow): VersionFila => ({
  ...row,
  assets: Number(row.assets),
  fecha_publicacion: row.fecha_publicacion?.toISOString() ?? null,
  creado: row.creado.toISOString(),
  actualizado: row.actualizado.toISOString(),
});

const numeroOrden = sql`${versiones.orden} collate "C"`;

/** The versions list, across products or for one: search over number and product; filters product, channel, state. */
export const versionesListSpec: ListSpec<VersionListQuery> = {
  search: sql`(${versiones.numero} || ' ' || ${productos.nombre} || ' ' || ${productos.codigo})`,
  sorts: {
    ...wireColumns(versiones, ['canal', 'estado', 'actualizado']),
    producto: productos.nombre,
    numero: numeroOrden,
    fecha_publicacion: sql`coalesce(${versiones.fechaPublicacion}, '-infinity'::timestamptz)`,
  },
  defaultSort: '-actualizado',
  id: versiones.id,
  filters: (q) => [
    q.producto ? eq(versiones.productoId, q.producto) : undefined,
    q.canal ? eq(versiones.canal, q.canal) : undefined,
    q.estado ? eq(versiones.estado, q.estado) : undefined,
  ],
};

const conProducto = eq(productos.id, versiones.productoId);

export const versionesSource = (db: Executor): ListSource<VersionFila> =>
  selectSource(
    (sortKey) =>
      db
        .select({ ...campos, sortKey })
        .from(versiones)
        .innerJoin(productos, conProducto)
        .$dynamic(),
    () => db.select({ n: count() }).from(versiones).innerJoin(productos, conProducto).$dynamic(),
    wire,
  );

export const versionesCsv: CsvColumn<VersionFila>[] = [
  { titulo: 'Producto', valor: (v) => v.producto },
  { titulo: 'Versión', valor: (v) => v.numero },
  { titulo: 'Canal', valor: (v) => v.canal },
  { titulo: 'Estado', valor: (v) => v.estado },
  { titulo: 'Publicada', valor: (v) => (v.fecha_publicacion ? new Date(v.fecha_publicacion) : null) },
  { titulo: 'Archivos', valor: (v) => v.assets },
  { titulo: 'Actualizada', valor: (v) => new Date(v.actualizado) },
];

async function versionRow(db: Executor, id: number, lock = false): Promise<VersionRow | undefined> {
  const query = db
    .select(campos)
    .from(versiones)
    .innerJoin(productos, eq(productos.id, versiones.productoId))
    .where(eq(versiones.id, id));
  const [row] = lock ? await query.for('update', { of: versiones }) : await query;
  return row;
}

const noExiste = () => new ApiError(404, 'La versión no existe');

/** The assets of some versions, by version, each with its public download address. */
async function assetsDe(db: Executor, ids: number[]): Promise<Map<number, VersionAsset[]>> {
  const byVersion = new Map<number, VersionAsset[]>();
  if (ids.length === 0) return byVersion;
  const rows = await db
    .select({
      versionId: versionAssets.versionId,
      ...wireColumns(versionAssets, ['id', 'nombre', 'archivo_id', 'creado']),
      ...wireColumns(archivos, ['sha256', 'tamano', 'tipo']),
    })
    .from(versionAssets)
    .innerJoin(archivos, eq(archivos.id, versionAssets.archivoId))
    .where(inArray(versionAssets.versionId, ids))
    .orderBy(asc(versionAssets.nombre), asc(versionAssets.id));
  for (const { versionId, ...a } of rows) {
    const asset = { ...a, creado: a.creado.toISOString(), descarga: archivoDescargaPath(a.sha256, a.nombre) };
    byVersion.set(versionId, [...(byVersion.get(versionId) ?? []), asset]);
  }
  return byVersion;
}

/** The audit's picture of a version: its row, notes and asset names. */
async function snapshot(db: Executor, id: number) {
  const row = await versionRow(db, id);
  if (!row) return undefined;
  const [notas] = await db.select({ notas: versiones.notas }).from(versiones).where(eq(versiones.id, id));
  const assets = (await assetsDe(db, [id])).get(id) ?? [];
  return {
    ...wire(row),
    notas: notas!.notas,
    assets_lista: assets.map((a) => ({ nombre: a.nombre, sha256: a.sha256 })),
  };
}

export async function versionDetalle(db: Executor, id: number): Promise<VersionDetalle> {
  const row = await versionRow(db, id);
  if (!row) throw noExiste();
  const [{ notas }] = (await db.select({ notas: versiones.notas }).from(versiones).where(eq(versiones.id, id))) as [
    { notas: VersionDetalle['notas'] },
  ];
  const assets = (await assetsDe(db, [id])).get(id) ?? [];
  return { ...wire(row), notas, notas_html: renderHtml(notas), assets_lista: assets };
}

/** The payload as the table's columns (the form's writes and the import's). */
export const columnas = (v: VersionValues) => ({ ...columnValues(versiones, v), orden: versionOrden(v.numero) });

export async function crearVersion(db: Db, values: VersionValues, autor: Autor): Promise<VersionDetalle> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(versiones).values(columnas(values)).returning({ id: versiones.id });
    await writeAudit(tx, {
      autor,
      accion: 'crear',
      entidad: ENTIDAD,
      entidadId: row!.id,
      despues: await snapshot(tx, row!.id),
    });
    return versionDetalle(tx, row!.id);
  });
}

/** Locks the version for a change; a retired one is read-only until it is published again. */
async function editable(tx: Executor, id: number): Promise<VersionRow> {
  const row = await versionRow(tx, id, true);
  if (!row) throw noExiste();
  if (row.estado === 'retirada')
    throw new ApiError(409, 'Una versión retirada no se modifica; vuelva a publicarla primero');
  return row;
}

export async function modificarVersion(
  db: Db,
  id: number,
  values: VersionValues,
  autor: Autor,
): Promise<VersionDetalle> {
  return db.transaction(async (tx) => {
    await editable(tx, id);
    const antes = await snapshot(tx, id);
    await tx
      .update(versiones)
      .set({ ...columnas(values), actualizado: sql`now()` })
      .where(eq(versiones.id, id));
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD,
      entidadId: id,
      antes,
      despues: await snapshot(tx, id),
    });
    return versionDetalle(tx, id);
  });
}

/** Moves a version along its allowed transitions (contract VERSION_TRANSICIONES); anything else is a 409. */
export async function cambiarEstado(db: Db, id: number, hacia: VersionEstado, autor: Autor): Promise<VersionDetalle> {
  return db.transaction(async (tx) => {
    const row = await versionRow(tx, id, true);
    if (!row) throw noExiste();
    if (!puedePasar(row.estado, hacia)) {
      throw new ApiError(409, `Una versión ${ESTADO_NOMBRE[row.estado]} no puede pasar a ${ESTADO_NOMBRE[hacia]}`, {
        estado: [`Desde ${ESTADO_NOMBRE[row.estado]} no se puede pasar a ${ESTADO_NOMBRE[hacia]}`],
      });
    }
    const antes = await snapshot(tx, id);
    await tx
      .update(versiones)
      .set({
        estado: hacia,
        // The first publication dates the version; publishing it again after a retirement keeps that date.
        fechaPublicacion:
          hacia === 'publicada' ? sql`coalesce(${versiones.fechaPublicacion}, now())` : versiones.fechaPublicacion,
        actualizado: sql`now()`,
      })
      .where(eq(versiones.id, id));
    const accion = hacia === 'publicada' ? 'publicar' : 'retirar';
    await writeAudit(tx, { autor, accion, entidad: ENTIDAD, entidadId: id, antes, despues: await snapshot(tx, id) });
    return versionDetalle(tx, id);
  });
}

/** Only a draft is deleted; a published version is retired instead, so the changelog stays true. */
export async function eliminarVersion(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await versionRow(tx, id, true);
    if (!row) throw noExiste();
    if (row.estado !== 'borrador')
      throw new ApiError(409, 'Solo se eliminan versiones en borrador; una publicada se retira');
    const antes = await snapshot(tx, id);
    await tx.delete(versiones).where(eq(versiones.id, id));
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD, entidadId: id, antes });
  });
}

/** Attaches an uploaded file to a version: the file (kept once by content), the asset row and the audit. */
export async function agregarAsset(
  db: Db,
  store: FileStore,
  id: number,
  upload: Upload,
  nombre: string,
  autor: Autor,
): Promise<VersionDetalle> {
  return conArchivo(db, store, upload, () =>
    db.transaction(async (tx) => {
      await editable(tx, id);
      const antes = await snapshot(tx, id);
      const file = await registrarArchivo(tx, upload, nombre);
      await tx.insert(versionAssets).values({ versionId: id, archivoId: file.id, nombre });
      await tx.update(versiones).set({ actualizado: sql`now()` }).where(eq(versiones.id, id));
      await writeAudit(tx, {
        autor,
        accion: 'adjuntar',
        entidad: ENTIDAD,
        entidadId: id,
        antes,
        despues: await snapshot(tx, id),
      });
      return versionDetalle(tx, id);
    }),
  );
}

/** Detaches a file (it stays in the store: other records or links may use the same content). */
export async function quitarAsset(db: Db, id: number, assetId: number, autor: Autor): Promise<VersionDetalle> {
  return db.transaction(async (tx) => {
    await editable(tx, id);
    const antes = await snapshot(tx, id);
    const borrados = await tx
      .delete(versionAssets)
      .where(and(eq(versionAssets.id, assetId), eq(versionAssets.versionId, id)))
      .returning({ id: versionAssets.id });
    if (borrados.length === 0) throw new ApiError(404, 'El archivo no pertenece a la versión');
    await tx.update(versiones).set({ actualizado: sql`now()` }).where(eq(versiones.id, id));
    await writeAudit(tx, {
      autor,
      accion: 'quitar_archivo',
      entidad: ENTIDAD,
      entidadId: id,
      antes,
      despues: await snapshot(tx, id),
    });
    return versionDetalle(tx, id);
  });
}

/** The products a version can belong to (the versions area reads them with its own code, PACKS#VER). */
export async function versionProductos(db: Executor) {
  return db
    .select({ id: productos.id, codigo: productos.codigo, nombre: productos.nombre, activo: productos.activo })
    .from(productos)
    .orderBy(asc(productos.nombre), asc(productos.id));
}

// ---- The changelog (a session is enough) ----

export async function changelogProductos(db: Executor) {
  const publicadas = count(versiones.id);
  const rows = await db
    .select({ id: productos.id, nombre: productos.nombre, codigo: productos.codigo, publicadas })
    .from(productos)
    .innerJoin(versiones, and(eq(versiones.productoId, productos.id), eq(versiones.estado, 'publicada')))
    .groupBy(productos.id)
    .orderBy(asc(productos.nombre));
  return rows.map((r) => ({ ...r, publicadas: Number(r.publicadas) }));
}

/** One product's published versions, newest version first, with the notes rendered and the assets. */
export async function changelogDe(db: Executor, productoId: number): Promise<Changelog> {
  const [producto] = await db
    .select({ id: productos.id, nombre: productos.nombre, codigo: productos.codigo })
    .from(productos)
    .where(eq(productos.id, productoId));
  if (!producto) throw new ApiError(404, 'El producto no existe');
  const rows = await db
    .select({
      id: versiones.id,
      numero: versiones.numero,
      canal: versiones.canal,
      fecha: versiones.fechaPublicacion,
      notas: versiones.notas,
    })
    .from(versiones)
    .where(and(eq(versiones.productoId, productoId), eq(versiones.estado, 'publicada')))
    .orderBy(desc(numeroOrden), desc(versiones.id));
  const assets = await assetsDe(
    db,
    rows.map((r) => r.id),
  );
  return {
    producto,
    versiones: rows.map((r) => ({
      id: r.id,
      numero: r.numero,
      canal: r.canal,
      fecha_publicacion: r.fecha?.toISOString() ?? null,
      notas_html: renderHtml(r.notas),
      assets: assets.get(r.id) ?? [],
    })),
  };
}
