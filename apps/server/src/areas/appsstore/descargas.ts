import type { StoreCanal } from '@intranet/contract/areas/appsstore';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { aplicaciones, aplicacionVersiones, archivos } from '../../db/schema.ts';
import { ofrecida } from './catalogo.ts';

/** What devices install: Android's MIME type for APKs, whatever type the upload recorded. */
export const APK_TIPO = 'application/vnd.android.package-archive';

const mismoPaquete = (packageName: string) => sql`lower(${aplicaciones.packageName}) = lower(${packageName})`;

/** The file behind a download link: an offered version of a published application. */
export async function versionDescargable(
  db: Executor,
  packageName: string,
  versionCode: number,
  canales: readonly StoreCanal[],
) {
  const [row] = await db
    .select({
      id: aplicacionVersiones.id,
      archivoId: aplicacionVersiones.archivoId,
      sha256: aplicacionVersiones.sha256,
      tamano: aplicacionVersiones.tamano,
      packageName: aplicaciones.packageName,
    })
    .from(aplicacionVersiones)
    .innerJoin(aplicaciones, eq(aplicaciones.id, aplicacionVersiones.aplicacionId))
    .where(
      and(
        mismoPaquete(packageName),
        eq(aplicaciones.publicada, true),
        eq(aplicacionVersiones.versionCode, versionCode),
        ofrecida(canales),
      ),
    );
  return row;
}

/** One download of the version (and of its file in the store), counted atomically in the database. */
export async function contarDescarga(db: Db, version: { id: number; archivoId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(aplicacionVersiones)
      .set({ descargas: sql`${aplicacionVersiones.descargas} + 1` })
      .where(eq(aplicacionVersiones.id, version.id));
    await tx
      .update(archivos)
      .set({ descargas: sql`${archivos.descargas} + 1` })
      .where(eq(archivos.id, version.archivoId));
  });
}

/** The icon of a published application. */
export async function iconoDe(db: Executor, packageName: string) {
  const [row] = await db
    .select({ sha256: archivos.sha256, tamano: archivos.tamano, tipo: archivos.tipo, nombre: archivos.nombre })
    .from(aplicaciones)
    .innerJoin(archivos, eq(archivos.id, aplicaciones.iconoId))
    .where(and(mismoPaquete(packageName), eq(aplicaciones.publicada, true)));
  return row;
}
