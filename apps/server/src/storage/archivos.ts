import type { Archivo } from '@intranet/contract/areas/archivos';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { archivos } from '../db/schema.ts';
import { archivoReferenciado, REFERENCIAS_DE_ARCHIVO, REFERENCIAS_PRIVADAS } from './referencias.ts';
import type { FileStore } from './store.ts';
import type { Upload } from './upload.ts';

/** The audit entity of a stored file. */
export const ENTIDAD_ARCHIVO = 'archivo';

/** What the areas that store files need: the database, the store and the largest upload. */
export interface FileDeps {
  db: Db;
  store: FileStore;
  /** The largest upload, in bytes (config UPLOAD_MAX_MB). */
  maxBytes: number;
}

const campos = {
  id: archivos.id,
  sha256: archivos.sha256,
  tamano: archivos.tamano,
  tipo: archivos.tipo,
  nombre: archivos.nombre,
  descargas: archivos.descargas,
  creado: archivos.creado,
};

type ArchivoRow = { [K in keyof typeof campos]: (typeof campos)[K]['_']['data'] };
const wire = (row: ArchivoRow): Archivo => ({ ...row, creado: row.creado.toISOString() });

/**
 * The row of an upload's content: the existing one when the same bytes were stored before (kept once), else
 * a new one named after this upload. Call it inside the transaction that references the file.
 */
export async function registrarArchivo(tx: Executor, upload: Upload, nombre: string): Promise<Archivo> {
  const [row] = await tx
    .insert(archivos)
    .values({ sha256: upload.sha256, tamano: upload.tamano, tipo: upload.tipo, nombre })
    // A no-op update, so the existing row is returned (and a concurrent twin upload waits for this one).
    .onConflictDoUpdate({ target: archivos.sha256, set: { sha256: sql`excluded.sha256` } })
    .returning(campos);
  return wire(row!);
}

/**
 * After a failed transaction: bytes this upload added to the store go again unless a row claims them
 * (a concurrent upload of the same content may have committed meanwhile).
 */
export async function descartarHuerfano(db: Executor, store: FileStore, upload: Upload): Promise<void> {
  if (!upload.nuevo) return;
  const [row] = await db.select({ id: archivos.id }).from(archivos).where(eq(archivos.sha256, upload.sha256));
  if (!row) await store.remove(upload.sha256);
}

/** Runs the transaction that records an upload; if it fails, the upload's new bytes leave the store. */
export async function conArchivo<T>(
  db: Executor,
  store: FileStore,
  upload: Upload,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await descartarHuerfano(db, store, upload);
    throw err;
  }
}

export async function archivoPorSha(db: Executor, sha256: string): Promise<Archivo | undefined> {
  const [row] = await db.select(campos).from(archivos).where(eq(archivos.sha256, sha256));
  return row ? wire(row) : undefined;
}

/** Where a public download may come from: every reference but the private ones. */
const PUBLICAS = REFERENCIAS_DE_ARCHIVO.filter((c) => !REFERENCIAS_PRIVADAS.includes(c));

/** The file behind a public download: only while a package, version, app or APK holds it (one indexed query). */
export async function archivoDescargable(db: Executor, sha256: string): Promise<Archivo | undefined> {
  const [row] = await db
    .select(campos)
    .from(archivos)
    .where(and(eq(archivos.sha256, sha256), archivoReferenciado(PUBLICAS)));
  return row ? wire(row) : undefined;
}

export async function contarDescargaArchivo(db: Executor, id: number): Promise<void> {
  await db
    .update(archivos)
    .set({ descargas: sql`${archivos.descargas} + 1` })
    .where(eq(archivos.id, id));
}
