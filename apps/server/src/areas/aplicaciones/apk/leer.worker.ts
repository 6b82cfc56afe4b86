import { abrirStore } from '../../../storage/disk.ts';
import type { StoreUbicacion } from '../../../storage/store.ts';
import { ApkRechazado } from './errors.ts';
import { leerApk, type DatosApk } from './leer.ts';

// Runs in a worker thread (core/isolated.ts): an uploaded APK (a ZIP, its binary XML, its signatures) is read
// here, with the worker's own heap and time limits, never on the thread that answers the API.

export interface ApkPorLeer {
  store: StoreUbicacion;
  sha256: string;
  tamano: number;
}

/** The APK read, or the Spanish reason it is refused (an error's class does not cross between threads). */
export type ApkLeido = { ok: true; apk: DatosApk } | { ok: false; mensaje: string; status: 400 | 409 };

export default async function leer({ store, sha256, tamano }: ApkPorLeer): Promise<ApkLeido> {
  try {
    return { ok: true, apk: await leerApk(abrirStore(store), sha256, tamano) };
  } catch (err) {
    if (err instanceof ApkRechazado) return { ok: false, mensaje: err.message, status: err.status };
    throw err;
  }
}
