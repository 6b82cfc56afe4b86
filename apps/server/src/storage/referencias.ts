import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import {
  aplicaciones,
  aplicacionVersiones,
  archivos,
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
];

/** True for the `archivos` row (of the enclosing query) that some package, version asset, app icon or APK holds. */
export function archivoReferenciado(): SQL {
  return or(
    ...REFERENCIAS_DE_ARCHIVO.map((col) => sql`exists (select 1 from ${col.table} where ${col} = ${archivos.id})`),
  )!;
}

/** Whether the file with this SHA-256 is in use: one indexed query. */
export async function estaReferenciado(db: Executor, sha256: string): Promise<boolean> {
  const [row] = await db
    .select({ id: archivos.id })
    .from(archivos)
    .where(and(eq(archivos.sha256, sha256), archivoReferenciado()));
  return row !== undefined;
}
