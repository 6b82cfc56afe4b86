import { createHash } from 'node:crypto';
import type { FileStore } from '../../../storage/store.ts';
import { ApkRechazado, MENSAJES_APK } from './errores.ts';
import { verificarFirmaV1 } from './firma-v1.ts';
import { leerManifest, type ManifestApk } from './manifest.ts';
import { abrirApk } from './zip.ts';

/** What the server reads from an uploaded APK, never typed by staff. */
export interface DatosApk extends ManifestApk {
  /** SHA-256 of the signing certificate (DER), lower-case hex. */
  firmaSha256: string;
}

const MAX_MANIFEST = 8 * 1024 * 1024;

/**
 * Reads an APK already in the file store: its manifest and its verified signer. Throws ApkRechazado (with
 * the Spanish reason) for anything that is not a readable, correctly signed APK.
 */
export async function leerApk(store: FileStore, sha256: string, tamano: number): Promise<DatosApk> {
  const apk = await abrirApk(store, sha256, tamano);
  try {
    const entrada = apk.entradas.get('AndroidManifest.xml');
    if (!entrada) throw new ApkRechazado(MENSAJES_APK.sinManifest);
    const manifest = leerManifest(await apk.leer(entrada, MAX_MANIFEST));
    const certificado = await verificarFirmaV1(apk);
    if (!certificado) throw new ApkRechazado(MENSAJES_APK.sinFirma);
    return { ...manifest, firmaSha256: createHash('sha256').update(certificado).digest('hex') };
  } finally {
    apk.cerrar();
  }
}
