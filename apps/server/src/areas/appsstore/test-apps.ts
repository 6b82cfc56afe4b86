import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { StoreCanal } from '@intranet/contract/areas/appsstore';
import type { DocumentJson } from '@intranet/editor';
import type { Db } from '../../db/client.ts';
import { aplicaciones, aplicacionVersiones, appsstoreDestacadas, archivos } from '../../db/schema.ts';
import { diskStore } from '../../storage/disk.ts';

// Test data for the store's route tests, written straight into Aplicaciones' tables and the file store.

export interface VersionDePrueba {
  code: number;
  name: string;
  canal: StoreCanal;
  publicada?: boolean;
  novedades?: string;
  minSdk?: number | null;
  fecha?: Date;
}

export interface AppDePrueba {
  packageName: string;
  nombre: string;
  resumen?: string;
  categoria?: string;
  publicada?: boolean;
  descripcion?: DocumentJson;
  icono?: boolean;
  versiones: VersionDePrueba[];
}

/** The bytes of a (fake) APK: distinct per package and version, so each has its own SHA-256. */
export const apkBytes = (packageName: string, code: number): Buffer =>
  Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from(`${packageName}:${code}:`.repeat(200))]);

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function guardar(
  db: Db,
  filesDir: string,
  bytes: Buffer,
  tipo: string,
  nombre: string,
): Promise<{ id: number; sha256: string; tamano: number }> {
  const stored = await diskStore(filesDir).put(Readable.from([bytes]), { maxBytes: bytes.length + 1 });
  const [row] = await db
    .insert(archivos)
    .values({ sha256: stored.sha256, tamano: stored.tamano, tipo, nombre })
    .onConflictDoNothing()
    .returning({ id: archivos.id });
  return { id: row!.id, sha256: stored.sha256, tamano: stored.tamano };
}

/** Empties the catalogue (the seeded apps go), so a test sees only what it creates. */
export async function vaciarCatalogo(db: Db): Promise<void> {
  await db.delete(appsstoreDestacadas);
  await db.delete(aplicacionVersiones);
  await db.delete(aplicaciones);
}

/** Creates an application with its versions; answers the app's id and each version's id by code. */
export async function crearApp(
  db: Db,
  filesDir: string,
  app: AppDePrueba,
): Promise<{ id: number; versiones: Map<number, number> }> {
  const icono = app.icono ? await guardar(db, filesDir, PNG, 'image/png', `${app.packageName}.png`) : undefined;
  const [row] = await db
    .insert(aplicaciones)
    .values({
      packageName: app.packageName,
      nombre: app.nombre,
      resumen: app.resumen ?? null,
      categoria: app.categoria ?? null,
      publicada: app.publicada ?? true,
      descripcion: app.descripcion ?? { type: 'doc', content: [{ type: 'paragraph', attrs: { align: null } }] },
      iconoId: icono?.id ?? null,
    })
    .returning({ id: aplicaciones.id });
  const versiones = new Map<number, number>();
  for (const v of app.versiones) {
    const file = await guardar(
      db,
      filesDir,
      apkBytes(app.packageName, v.code),
      'application/zip',
      `${app.packageName}-${v.name}.apk`,
    );
    const [version] = await db
      .insert(aplicacionVersiones)
      .values({
        aplicacionId: row!.id,
        versionCode: v.code,
        versionName: v.name,
        canal: v.canal,
        archivoId: file.id,
        sha256: file.sha256,
        tamano: file.tamano,
        minSdk: v.minSdk === undefined ? 24 : v.minSdk,
        targetSdk: 34,
        firmaSha256: createHash('sha256').update(app.packageName).digest('hex'),
        novedades: v.novedades ?? null,
        publicada: v.publicada ?? true,
        ...(v.fecha ? { fecha: v.fecha } : {}),
      })
      .returning({ id: aplicacionVersiones.id });
    versiones.set(v.code, version!.id);
  }
  return { id: row!.id, versiones };
}
