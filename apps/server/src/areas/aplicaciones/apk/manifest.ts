import ManifestParser from '@devicefarmer/adbkit-apkreader/lib/apkreader/parser/manifest.js';
import { esPackageName } from '@intranet/contract/areas/aplicaciones';
import { ApkRechazado, MENSAJES_APK } from './errors.ts';

/** What the store needs of an APK's AndroidManifest.xml. */
export interface ManifestApk {
  packageName: string;
  versionCode: number;
  versionName: string;
  minSdk: number | null;
  targetSdk: number | null;
}

const RES_XML_TYPE = 0x0003;

/**
 * The parser trusts chunk sizes; a chunk that claims less than its own header would make it loop forever.
 * This walk checks the chunk chain first, so only well-formed AXML reaches it.
 */
function cadenaDeChunksValida(axml: Buffer): boolean {
  if (axml.length < 8 || axml.readUInt16LE(0) !== RES_XML_TYPE) return false;
  const total = Math.min(axml.readUInt32LE(4), axml.length);
  for (let offset = axml.readUInt16LE(2); offset < total; ) {
    if (offset + 8 > axml.length) return false;
    const cabecera = axml.readUInt16LE(offset + 2);
    const tamano = axml.readUInt32LE(offset + 4);
    if (cabecera < 8 || tamano < cabecera || offset + tamano > axml.length) return false;
    offset += tamano;
  }
  return true;
}

const entero = (valor: unknown): number | null => (typeof valor === 'number' && Number.isInteger(valor) ? valor : null);

/** Reads package, version and SDK levels from a binary AndroidManifest.xml. */
export function leerManifest(axml: Buffer): ManifestApk {
  if (!cadenaDeChunksValida(axml)) throw new ApkRechazado(MENSAJES_APK.manifestIlegible);
  let manifest: ReturnType<ManifestParser['parse']>;
  try {
    manifest = new ManifestParser(axml).parse();
  } catch {
    throw new ApkRechazado(MENSAJES_APK.manifestIlegible);
  }
  const packageName = manifest.package;
  if (typeof packageName !== 'string' || !esPackageName(packageName)) throw new ApkRechazado(MENSAJES_APK.sinPaquete);
  const versionCode = entero(manifest.versionCode);
  if (versionCode === null || versionCode < 1) throw new ApkRechazado(MENSAJES_APK.sinVersionCode);
  // A versionName may be a reference to a string resource; the raw reference is no name staff can read.
  const versionName = typeof manifest.versionName === 'string' ? manifest.versionName.trim() : '';
  if (!versionName || versionName.startsWith('resourceId:')) throw new ApkRechazado(MENSAJES_APK.sinVersionName);
  return {
    packageName,
    versionCode,
    versionName: versionName.slice(0, 100),
    minSdk: entero(manifest.usesSdk?.minSdkVersion),
    targetSdk: entero(manifest.usesSdk?.targetSdkVersion),
  };
}
