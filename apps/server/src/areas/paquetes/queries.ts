import type {
  Paquete,
  PaqueteFila,
  PaqueteLast,
  paqueteListQuery,
  PaqueteValues,
} from '@intranet/contract/areas/paquetes';
import { versionOrden } from '@intranet/contract/shared/version-numero';
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { columnValues, wireColumns } from '../../db/wire.ts';
import { archivos, paqueteBusqueda, paqueteDescargas, paquetes } from '../../db/schema.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import { selectSource, type ListSource, type ListSpec } from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';
import type { FileStore } from '../../storage/store.ts';
import type { Upload } from '../../storage/upload.ts';
import { conArchivo, registrarArchivo } from '../../storage/archivos.ts';

type PaqueteListQuery = Omit<z.output<typeof paqueteListQuery>, 'page' | 'size'>;

/** The audit entity of a package's history. */
export const ENTIDAD = 'paquete';

const newestFirst = [desc(paquetes.fecha), desc(paquetes.id)] as const;
const listado = isNull(paquetes.retirado);

export async function paquetesList(db: Executor): Promise<Paquete[]> {
  const rows = await db
    .select({
      id: paquetes.id,
      nombre: paquetes.nombre,
      producto: paquetes.producto,
      version: paquetes.version,
      canal: paquetes.canal,
      fecha: paquetes.fecha,
      notas: paquetes.notas,
    })
    .from(paquetes)
    .where(listado)
    .orderBy(...newestFirst);
  return rows.map((r) => ({ ...r, fecha: r.fecha.toISOString() }));
}

/** The newest listed package, for the top bar; null when there is none. A retired one is not "the latest". */
export async function paquetesLast(db: Executor): Promise<PaqueteLast | null> {
  const [row] = await db
    .select({ nombre: paquetes.nombre, fecha: paquetes.fecha })
    .from(paquetes)
    .where(listado)
    .orderBy(...newestFirst)
    .limit(1);
  return row ? { nombre: row.nombre, fecha: row.fecha.toISOString() } : null;
}

// ---- The screens' list, detail and changes ----

const campos = {
  ...wireColumns(paquetes, [
    'id',
    'nombre',
    'producto',
    'version',
    'canal',
    'fecha',
    'notas',
    'archivo_id',
    'publicado_por',
    'descargas',
    'retirado',
  ]),
  ...wireColumns(archivos, ['tamano', 'sha256', 'tipo']),
};

interface PaqueteRow extends Omit<PaqueteFila, 'fecha' | 'retirado'> {
  fecha: Date;
  retirado: Date | null;
}
const wire = (row: PaqueteRow): PaqueteFila => ({
  ...row,
  fecha: row.fecha.toISOString(),
  retirado: row.retirado?.toISOString() ?? null,
});

const orDefault = (column: AnyPgColumn) => sql`coalesce(${column}, '')`;

/** The packages list: search over name, product, version and notes; filters by product, channel, retired. */
export const paquetesListSpec: ListSpec<PaqueteListQuery> = {
  search: paqueteBusqueda(paquetes),
  sorts: {
    nombre: paquetes.nombre,
    producto: orDefault(paquetes.producto),
    version: sql`${paquetes.versionOrden} collate "C"`,
    canal: orDefault(paquetes.canal),
    fecha: paquetes.fecha,
    tamano: sql`coalesce(${archivos.tamano}, 0)`,
    descargas: paquetes.descargas,
  },
  defaultSort: '-fecha',
  id: paquetes.id,
  filters: (q) => [
    q.retirados ? isNotNull(paquetes.retirado) : listado,
    q.producto ? sql`lower(${paquetes.producto}) = lower(${q.producto})` : undefined,
    q.canal ? eq(paquetes.canal, q.canal) : undefined,
  ],
};

const suArchivo = eq(archivos.id, paquetes.archivoId);

export const paquetesSource = (db: Executor): ListSource<PaqueteFila> =>
  selectSource(
    (sortKey) =>
      db
        .select({ ...campos, sortKey })
        .from(paquetes)
        .leftJoin(archivos, suArchivo)
        .$dynamic(),
    () => db.select({ n: count() }).from(paquetes).leftJoin(archivos, suArchivo).$dynamic(),
    wire,
  );

export const paquetesCsv: CsvColumn<PaqueteFila>[] = [
  { titulo: 'Nombre', valor: (p) => p.nombre },
  { titulo: 'Producto', valor: (p) => p.producto },
  { titulo: 'Versión', valor: (p) => p.version },
  { titulo: 'Canal', valor: (p) => p.canal },
  { titulo: 'Fecha', valor: (p) => new Date(p.fecha) },
  { titulo: 'Tamaño (bytes)', valor: (p) => p.tamano },
  { titulo: 'SHA-256', valor: (p) => p.sha256 },
  { titulo: 'Publicado por', valor: (p) => p.publicado_por },
  { titulo: 'Descargas', valor: (p) => p.descargas },
  { titulo: 'Retirado', valor: (p) => (p.retirado ? new Date(p.retirado) : null) },
  { titulo: 'Notas', valor: (p) => p.notas },
];

/** The products packages name, for the list's filter. */
export async function paquetesProductos(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ producto: paquetes.producto })
    .from(paquetes)
    .where(isNotNull(paquetes.producto))
    .orderBy(asc(paquetes.producto));
  return rows.map((r) => r.producto!).filter(Boolean);
}

async function paqueteRow(db: Executor, id: number, lock = false): Promise<PaqueteFila | undefined> {
  const query = db
    .select(campos)
    .from(paquetes)
    .leftJoin(archivos, eq(archivos.id, paquetes.archivoId))
    .where(eq(paquetes.id, id));
  const [row] = lock ? await query.for('update', { of: paquetes }) : await query;
  return row ? wire(row) : undefined;
}

const noExiste = () => new ApiError(404, 'El paquete no existe');

export async function paqueteDetalle(db: Executor, id: number): Promise<PaqueteFila> {
  const row = await paqueteRow(db, id);
  if (!row) throw noExiste();
  return row;
}

const columnas = (v: PaqueteValues) => ({
  ...columnValues(paquetes, v),
  versionOrden: v.version ? versionOrden(v.version) : '',
});

/** Records an uploaded package: its file (kept once by content), the row and the audit, all or nothing. */
export async function crearPaquete(
  db: Db,
  store: FileStore,
  upload: Upload,
  values: PaqueteValues,
  autor: Autor,
): Promise<PaqueteFila> {
  return conArchivo(db, store, upload, () =>
    db.transaction(async (tx) => {
      const file = await registrarArchivo(tx, upload, values.nombre);
      const [row] = await tx
        .insert(paquetes)
        .values({ ...columnas(values), archivoId: file.id, publicadoPorId: autor.id, publicadoPor: autor.nombre })
        .returning({ id: paquetes.id });
      const creado = (await paqueteRow(tx, row!.id))!;
      await writeAudit(tx, { autor, accion: 'subir', entidad: ENTIDAD, entidadId: creado.id, despues: creado });
      return creado;
    }),
  );
}

export async function modificarPaquete(db: Db, id: number, values: PaqueteValues, autor: Autor): Promise<PaqueteFila> {
  return db.transaction(async (tx) => {
    const antes = await paqueteRow(tx, id, true);
    if (!antes) throw noExiste();
    await tx.update(paquetes).set(columnas(values)).where(eq(paquetes.id, id));
    const despues = (await paqueteRow(tx, id))!;
    await writeAudit(tx, { autor, accion: 'modificar', entidad: ENTIDAD, entidadId: id, antes, despues });
    return despues;
  });
}

/** Retires (or brings back) a package: it leaves (or rejoins) the list and /last; its direct link keeps working. */
export async function retirarPaquete(db: Db, id: number, retirar: boolean, autor: Autor): Promise<PaqueteFila> {
  return db.transaction(async (tx) => {
    const antes = await paqueteRow(tx, id, true);
    if (!antes) throw noExiste();
    if (Boolean(antes.retirado) === retirar) {
      throw new ApiError(409, retirar ? 'El paquete ya está retirado' : 'El paquete no está retirado');
    }
    await tx
      .update(paquetes)
      .set({ retirado: retirar ? sql`now()` : null })
      .where(eq(paquetes.id, id));
    const despues = (await paqueteRow(tx, id))!;
    await writeAudit(tx, {
      autor,
      accion: retirar ? 'retirar' : 'restaurar',
      entidad: ENTIDAD,
      entidadId: id,
      antes,
      despues,
    });
    return despues;
  });
}

/** The file behind a package's direct link, when the link's hash is the package's. */
export async function paqueteDescargable(db: Executor, id: number, sha256: string) {
  const [row] = await db
    .select({ sha256: archivos.sha256, tamano: archivos.tamano, tipo: archivos.tipo, nombre: paquetes.nombre })
    .from(paquetes)
    .innerJoin(archivos, eq(archivos.id, paquetes.archivoId))
    .where(and(eq(paquetes.id, id), eq(archivos.sha256, sha256)));
  return row;
}

/** One download of the package (and of its file), counted and dated (the dated log feeds Reportes). */
export async function contarDescargaPaquete(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(paquetes)
      .set({ descargas: sql`${paquetes.descargas} + 1` })
      .where(eq(paquetes.id, id))
      .returning({ archivoId: paquetes.archivoId });
    if (!row) return;
    await tx.insert(paqueteDescargas).values({ paqueteId: id });
    if (row.archivoId)
      await tx
        .update(archivos)
        .set({ descargas: sql`${archivos.descargas} + 1` })
        .where(eq(archivos.id, row.archivoId));
  });
}
