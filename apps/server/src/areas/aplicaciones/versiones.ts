import { archivoDescargaPath } from '@intranet/contract/areas/archivos';
import type {
  AplicacionVersion,
  aplicacionVersionListQuery,
  AplicacionVersionUploadQuery,
} from '@intranet/contract/areas/aplicaciones';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { aplicaciones, aplicacionVersiones } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import type { ListSource, ListSpec } from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';
import type { FileStore } from '../../storage/store.ts';
import type { Upload } from '../../storage/upload.ts';
import { conArchivo, registrarArchivo } from '../../storage/archivos.ts';
import { ApkRechazado, MENSAJES_APK } from './apk/errors.ts';
import { leerApkAislado } from './apk/leer-aislado.ts';
import type { DatosApk } from './apk/leer.ts';
import { MENSAJES } from './messages.ts';
import { ENTIDAD } from './queries.ts';

type VersionListQuery = Omit<z.output<typeof aplicacionVersionListQuery>, 'page' | 'size'> & { aplicacion: number };

const v = aplicacionVersiones;
export const APK_TIPO = 'application/vnd.android.package-archive';

const fila = {
  ...wireColumns(v, [
    'id',
    'aplicacion_id',
    'version_code',
    'version_name',
    'canal',
    'archivo_id',
    'sha256',
    'tamano',
    'min_sdk',
    'target_sdk',
    'firma_sha256',
    'novedades',
    'fecha',
    'descargas',
    'publicada',
    'publicado_por',
  ]),
  ...wireColumns(aplicaciones, ['package_name']),
};

/** The name an APK is downloaded under: `com.physis.movil-2.4.0.apk`. */
export const nombreApk = (packageName: string, versionName: string) =>
  `${packageName}-${versionName.replace(/[^\w.-]+/g, '_')}.apk`;

type VersionCruda = Omit<AplicacionVersion, 'fecha' | 'descarga'> & { package_name: string; fecha: Date };

function wire({ package_name, ...row }: VersionCruda): AplicacionVersion {
  return {
    ...row,
    fecha: row.fecha.toISOString(),
    descarga: archivoDescargaPath(row.sha256, nombreApk(package_name, row.version_name)),
  };
}

/** One app's versions: search over version name and news; filters by channel and published. */
export const versionesList: ListSpec<VersionListQuery> = {
  search: sql`(${v.versionName} || ' ' || coalesce(${v.novedades}, ''))`,
  sorts: wireColumns(v, ['version_code', 'version_name', 'canal', 'fecha', 'tamano', 'descargas', 'publicada']),
  defaultSort: '-version_code',
  id: v.id,
  filters: (q) => [
    eq(v.aplicacionId, q.aplicacion),
    q.canal ? eq(v.canal, q.canal) : undefined,
    q.publicada === undefined ? undefined : eq(v.publicada, q.publicada),
  ],
};

export const versionesSource = (db: Executor): ListSource<AplicacionVersion> => ({
  rows: async (f) => {
    const rows = await db
      .select({ ...fila, sortKey: f.sortKey })
      .from(v)
      .innerJoin(aplicaciones, eq(aplicaciones.id, v.aplicacionId))
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset);
    return rows.map((r) => ({ ...wire(r), sortKey: r.sortKey }));
  },
  count: async (where) => (await db.select({ n: count() }).from(v).where(where))[0]?.n ?? 0,
});

export const versionesCsv: CsvColumn<AplicacionVersion>[] = [
  { titulo: 'versionCode', valor: (r) => r.version_code },
  { titulo: 'Versión', valor: (r) => r.version_name },
  { titulo: 'Canal', valor: (r) => r.canal },
  { titulo: 'Publicada', valor: (r) => r.publicada },
  { titulo: 'Fecha', valor: (r) => new Date(r.fecha) },
  { titulo: 'Tamaño (bytes)', valor: (r) => r.tamano },
  { titulo: 'SDK mínimo', valor: (r) => r.min_sdk },
  { titulo: 'SDK objetivo', valor: (r) => r.target_sdk },
  { titulo: 'SHA-256', valor: (r) => r.sha256 },
  { titulo: 'Firma (SHA-256)', valor: (r) => r.firma_sha256 },
  { titulo: 'Descargas', valor: (r) => r.descargas },
  { titulo: 'Subida por', valor: (r) => r.publicado_por },
  { titulo: 'Novedades', valor: (r) => r.novedades },
];

async function versionRow(
  db: Executor,
  aplicacionId: number,
  id: number,
  lock = false,
): Promise<AplicacionVersion | undefined> {
  const query = db
    .select(fila)
    .from(v)
    .innerJoin(aplicaciones, eq(aplicaciones.id, v.aplicacionId))
    .where(and(eq(v.id, id), eq(v.aplicacionId, aplicacionId)));
  const [row] = lock ? await query.for('update', { of: v }) : await query;
  return row ? wire(row) : undefined;
}

export async function versionDetalle(db: Executor, aplicacionId: number, id: number): Promise<AplicacionVersion> {
  const row = await versionRow(db, aplicacionId, id);
  if (!row) throw new ApiError(404, MENSAJES.versionNoExiste);
  return row;
}

/** The rules a new version meets against the app and its earlier uploads (the app row is locked). */
async function comprobarContraAnteriores(tx: Tx, aplicacionId: number, apk: DatosApk): Promise<void> {
  const [app] = await tx
    .select({ packageName: aplicaciones.packageName })
    .from(aplicaciones)
    .where(eq(aplicaciones.id, aplicacionId))
    .for('update');
  if (!app) throw new ApiError(404, MENSAJES.noExiste);
  if (apk.packageName !== app.packageName)
    throw new ApkRechazado(MENSAJES_APK.paqueteDistinto(apk.packageName, app.packageName));
  const [anterior] = await tx
    .select({ ultimo: sql<number | null>`max(${v.versionCode})`, firma: sql<string | null>`min(${v.firmaSha256})` })
    .from(v)
    .where(eq(v.aplicacionId, aplicacionId));
  if (anterior?.ultimo != null && apk.versionCode <= anterior.ultimo) {
    throw new ApkRechazado(MENSAJES_APK.versionCodeNoMayor(apk.versionCode, anterior.ultimo), 409);
  }
  if (anterior?.firma && apk.firmaSha256 !== anterior.firma) {
    throw new ApkRechazado(MENSAJES_APK.firmaDistinta(apk.firmaSha256, anterior.firma), 409);
  }
}

const alCampoArchivo = (err: ApkRechazado) => new ApiError(err.status, err.message, { archivo: [err.message] });

/**
 * Records an uploaded APK as a new version: reads its manifest and signer from the store, checks them
 * against the app and its earlier versions, and writes file, version and audit at once. A refused APK
 * answers its reason on the `archivo` field, and its bytes leave the store.
 */
export async function subirVersion(
  db: Db,
  store: FileStore,
  aplicacionId: number,
  upload: Upload,
  datos: AplicacionVersionUploadQuery,
  autor: Autor,
): Promise<AplicacionVersion> {
  return conArchivo(db, store, upload, async () => {
    let apk: DatosApk;
    try {
      apk = await leerApkAislado(store, upload.sha256, upload.tamano);
    } catch (err) {
      throw err instanceof ApkRechazado ? alCampoArchivo(err) : err;
    }
    try {
      return await db.transaction((tx) => registrarVersion(tx, aplicacionId, upload, apk, datos, autor));
    } catch (err) {
      throw err instanceof ApkRechazado ? alCampoArchivo(err) : err;
    }
  });
}

/**
 * Inside the caller's transaction, an APK already in the store and read becomes the app's new version: checked
 * against the earlier ones, its file row, the version, the audit row. Uploads and the demo data (seed.ts) share it.
 */
export async function registrarVersion(
  tx: Tx,
  aplicacionId: number,
  upload: Upload,
  apk: DatosApk,
  datos: AplicacionVersionUploadQuery & { fecha?: Date },
  autor: Autor | null,
): Promise<AplicacionVersion> {
  await comprobarContraAnteriores(tx, aplicacionId, apk);
  const archivo = await registrarArchivo(
    tx,
    { ...upload, tipo: APK_TIPO },
    nombreApk(apk.packageName, apk.versionName),
  );
  const [row] = await tx
    .insert(v)
    .values({
      aplicacionId,
      versionCode: apk.versionCode,
      versionName: apk.versionName,
      canal: datos.canal ?? 'beta',
      archivoId: archivo.id,
      sha256: archivo.sha256,
      tamano: archivo.tamano,
      minSdk: apk.minSdk,
      targetSdk: apk.targetSdk,
      firmaSha256: apk.firmaSha256,
      novedades: datos.novedades ?? null,
      publicadoPorId: autor?.id ?? null,
      publicadoPor: autor?.nombre ?? null,
      ...(datos.fecha ? { fecha: datos.fecha } : {}),
    })
    .returning({ id: v.id });
  await tx.update(aplicaciones).set({ actualizado: sql`now()` }).where(eq(aplicaciones.id, aplicacionId));
  const creada = (await versionRow(tx, aplicacionId, row!.id))!;
  await writeAudit(tx, {
    autor,
    accion: 'subir versión',
    entidad: ENTIDAD,
    entidadId: aplicacionId,
    despues: subidaAuditada(creada),
  });
  return creada;
}

// Version changes go to the app's history, whose diff shows changed fields only: each row names its version.
const etiqueta = (v: AplicacionVersion) => `Versión ${v.version_name} (${v.version_code})`;
const estado = (v: AplicacionVersion) =>
  `${v.canal === 'estable' ? 'Estable' : 'Beta'}, ${v.publicada ? 'publicada' : 'despublicada'}`;

/** What an upload adds to the history: what the APK said and where it went, not the bookkeeping. */
function subidaAuditada(v: AplicacionVersion) {
  const { version_name, version_code, canal, publicada, tamano, min_sdk, target_sdk, sha256, firma_sha256, novedades } =
    v;
  return { version_name, version_code, canal, publicada, tamano, min_sdk, target_sdk, sha256, firma_sha256, novedades };
}

/** One change of a version under its app's history: locked, checked, written, audited as `resumen` shows it. */
async function cambiarVersion(
  db: Db,
  aplicacionId: number,
  id: number,
  autor: Autor,
  accion: string,
  cambio: (antes: AplicacionVersion) => Partial<typeof v.$inferInsert>,
  resumen: (version: AplicacionVersion) => Record<string, unknown> = (version) => ({
    [etiqueta(version)]: estado(version),
  }),
): Promise<AplicacionVersion> {
  return db.transaction(async (tx) => {
    const antes = await versionRow(tx, aplicacionId, id, true);
    if (!antes) throw new ApiError(404, MENSAJES.versionNoExiste);
    await tx
      .update(v)
      .set({ ...cambio(antes), actualizado: sql`now()` })
      .where(eq(v.id, id));
    const despues = (await versionRow(tx, aplicacionId, id))!;
    await writeAudit(tx, {
      autor,
      accion,
      entidad: ENTIDAD,
      entidadId: aplicacionId,
      antes: resumen(antes),
      despues: resumen(despues),
    });
    return despues;
  });
}

export const modificarVersion = (db: Db, aplicacionId: number, id: number, novedades: string | null, autor: Autor) =>
  cambiarVersion(
    db,
    aplicacionId,
    id,
    autor,
    'modificar versión',
    () => ({ novedades }),
    (version) => ({
      [`Novedades de la ${etiqueta(version).toLowerCase()}`]: version.novedades,
    }),
  );

/** "Promover a estable": a beta version moves to the stable channel. */
export const promoverVersion = (db: Db, aplicacionId: number, id: number, autor: Autor) =>
  cambiarVersion(db, aplicacionId, id, autor, 'promover versión', (antes) => {
    if (antes.canal === 'estable') throw new ApiError(409, MENSAJES.yaEstable);
    return { canal: 'estable' };
  });

/** "Despublicar" (the store stops offering it) or publish it again. */
export const publicarVersion = (db: Db, aplicacionId: number, id: number, publicada: boolean, autor: Autor) =>
  cambiarVersion(db, aplicacionId, id, autor, publicada ? 'publicar versión' : 'despublicar versión', (antes) => {
    if (antes.publicada === publicada)
      throw new ApiError(409, publicada ? MENSAJES.yaPublicada : MENSAJES.yaDespublicada);
    return { publicada };
  });
