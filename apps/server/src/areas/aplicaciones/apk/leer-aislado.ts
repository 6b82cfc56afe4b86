import { IsolatedError, isolatedRefusal, runIsolated, workerModule } from '../../../core/isolated.ts';
import type { FileStore } from '../../../storage/store.ts';
import { ApkRechazado, MENSAJES_APK } from './errors.ts';
import type { DatosApk } from './leer.ts';
import type leer from './leer.worker.ts';
import type { ApkLeido } from './leer.worker.ts';

const LEER = workerModule<typeof leer>(import.meta.url, './leer.worker.ts');
const MB = 1024 * 1024;

/**
 * `leerApk` in a worker thread: 8 s and 1 s more per 10 MB (an APK is read in a few places, not whole). A file
 * that needs more memory or time than a worker has is refused as any upload is (413); a refused APK throws
 * ApkRechazado with its reason, as `leerApk` does.
 */
export async function leerApkAislado(store: FileStore, sha256: string, tamano: number): Promise<DatosApk> {
  let leido: ApkLeido;
  try {
    leido = await runIsolated(
      LEER,
      { store: store.ubicacion, sha256, tamano },
      { limiteMs: 8_000 + Math.ceil(tamano / (10 * MB)) * 1_000 },
    );
  } catch (err) {
    if (err instanceof IsolatedError) throw isolatedRefusal(err, MENSAJES_APK.noEsZip);
    throw err;
  }
  if (!leido.ok) throw new ApkRechazado(leido.mensaje, leido.status);
  return leido.apk;
}
