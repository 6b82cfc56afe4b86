import { createHash } from 'node:crypto';
import type { FileStore } from '../../../storage/store.ts';
import { ApkRechazado, MENSAJES_APK } from './errors.ts';
import { verificarFirmaV1 } from './firma-v1.ts';
import { verificarFirmaV2 } from './firma-v2.ts';
import { leerManifest, type ManifestApk } from './manifest.ts';
import { abrirApk } from './zip.ts';

/** What the server reads from an uploaded APK, never typed by staff. */
export interface DatosApk extends ManifestApk {
  /** SHA-256 of the signing certificate (DER), lower-case hex. */
  firmaSha256: string;
}

const MAX_MANIFEST = 8 * 1024 * 1024;

/**
 * Reads an APK already in the file store: its manifest and its verified signer (v3/v2 or v1 signature). Throws
 * ApkRechazado (with the Spanish reason) for anything that is not a readable, correctly signed APK.
 */
export async function leerApk(store: FileStore, sha256: string, tamano: number): Promise<DatosApk> {
  const apk = await abrirApk(store, sha256, tamano);
  try {
    const entrada = apk.entradas.get('AndroidManifest.xml');
    if (!entrada) throw new ApkRechazado(MENSAJES_APK.sinManifest);
    const manifest = leerManifest(await apk.leer(entrada, MAX_MANIFEST));
    // As Android 7+ does: the APK Signing Block (v3, v2) when there is one, else the JAR signature (v1).
    const certificado = (await verificarFirmaV2(store, sha256, tamano)) ?? (await verificarFirmaV1(apk));
    if (!certificado) throw new ApkRechazado(MENSAJES_APK.sinFirma);
    return { ...manifest, firmaSha256: createHash('sha256').update(certificado).digest('hex') };
  } finally {
    apk.cerrar();
  }
}
