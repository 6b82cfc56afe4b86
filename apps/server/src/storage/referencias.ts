import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import {
  aplicaciones,
  aplicacionVersiones,
  archivos,
  insightsAdjuntos,
  insightsBundleArchivos,
  insightsChunks,
  paquetes,
  versionAssets,
} from '../db/schema.ts';

/**
 * Every column that points at a stored file (`archivos.id`): a file is in use while one row of these holds
 * it. Each has an index, so the check below is one index probe per column. A new table that references
 * `archivos` must be listed here (referencias.test.ts fails otherwise): else its files would answer 404 and
 * be swept away.
 */
export const REFERENCIAS_DE_ARCHIVO: readonly AnyPgColumn[] = [
  paquetes.archivoId,
  versionAssets.archivoId,
  aplicaciones.iconoId,
  aplicacionVersiones.archivoId,
  insightsChunks.archivoId,
  insightsBundleArchivos.archivoId,
  // An event's attachments: held while their row is; retention drops the rows and the sweep the bytes.
  insightsAdjuntos.archivoId,
];

/**
 * References whose files are never public: an error monitor's attachment is the reporting app's data, downloaded only
 * through its event by who may see it (its SHA-256 travels as that download's ETag).
 */
export const REFERENCIAS_PRIVADAS: readonly AnyPgColumn[] = [insightsAdjuntos.archivoId];

/** True for the `archivos` row (of the enclosing query) that some package, version asset, app icon or APK holds. */
export function archivoReferenciado(columnas: readonly AnyPgColumn[] = REFERENCIAS_DE_ARCHIVO): SQL {
  return or(...columnas.map((col) => sql`exists (select 1 from ${col.table} where ${col} = ${archivos.id})`))!;
}

/** Whether the file with this SHA-256 is in use: one indexed query. */
export async function estaReferenciado(db: Executor, sha256: string): Promise<boolean> {
  const [row] = await db
    .select({ id: archivos.id })
    .from(archivos)
    .where(and(eq(archivos.sha256, sha256), archivoReferenciado()));
  return row !== undefined;
}
