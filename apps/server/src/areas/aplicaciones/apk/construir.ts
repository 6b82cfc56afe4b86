import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { codificarAxml, type AxmlElemento } from './escribir-axml.ts';
import { escribirZip, finDeDirectorio, type ZipEntrada } from '../../../core/escribir-zip.ts';

/**
 * Builds real, small APKs: a ZIP with a binary AndroidManifest.xml encoded as aapt does and an APK Signature
 * Scheme v2 block made with a self-signed certificate, as `leerApk` accepts them. The demo data's apps are
 * built with it at seed time; the tests add v1 (JAR) signatures on top (fixtures/apk.ts).
 */

/** Who signs: an RSA key and its self-signed certificate, like a keystore's upload key. */
export interface Firmante {
  /** The certificate, DER. */
  certificate: Buffer;
  /** SHA-256 of the certificate, lower-case hex: what the server records as `firma_sha256`. */
  sha256: string;
  key: KeyObject;
}

export interface ApkManifiesto {
  packageName: string;
  versionCode: number;
  versionName?: string;
  minSdk?: number;
  targetSdk?: number;
  /** The app's label in the manifest. */
  label?: string;
}

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

// ---- A self-signed X.509 certificate in DER, written by hand (node:crypto signs but writes no certificate) ----

const largo = (n: number) =>
  n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
const tlv = (tag: number, ...partes: Buffer[]) => {
  const valor = Buffer.concat(partes);
  return Buffer.concat([Buffer.from([tag]), largo(valor.length), valor]);
};
const secuencia = (...partes: Buffer[]) => tlv(0x30, ...partes);
const conjunto = (...partes: Buffer[]) => tlv(0x31, ...partes);
const entero = (bytes: Buffer) => tlv(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
function oid(texto: string): Buffer {
  const [a, b, ...resto] = texto.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const n of resto) {
    const grupo = [n & 0x7f];
    for (let v = n >>> 7; v > 0; v >>>= 7) grupo.unshift((v & 0x7f) | 0x80);
    bytes.push(...grupo);
  }
  return tlv(0x06, Buffer.from(bytes));
}
/** UTCTime until 2049, GeneralizedTime after (RFC 5280). */
function tiempo(fecha: Date): Buffer {
  const iso = fecha.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return fecha.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}
const SHA256_RSA = secuencia(oid('1.2.840.113549.1.1.11'), tlv(0x05));

/** A self-signed RSA certificate valid for 25 years from yesterday. */
export function crearFirmante(commonName = 'Physis Informática S.A.'): Firmante {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const nombre = secuencia(
    conjunto(secuencia(oid('2.5.4.3'), tlv(0x0c, Buffer.from(commonName, 'utf8')))),
    conjunto(secuencia(oid('2.5.4.10'), tlv(0x0c, Buffer.from('Physis', 'utf8')))),
    conjunto(secuencia(oid('2.5.4.6'), tlv(0x13, Buffer.from('AR')))),
  );
  const desde = new Date(Date.now() - 24 * 3600 * 1000);
  const hasta = new Date(desde.getTime() + 25 * 365 * 24 * 3600 * 1000);
  const tbs = secuencia(
    tlv(0xa0, entero(Buffer.from([2]))),
    entero(Buffer.concat([Buffer.from([1]), randomBytes(8)])),
    SHA256_RSA,
    nombre,
    secuencia(tiempo(desde), tiempo(hasta)),
    nombre,
    publicKey.export({ format: 'der', type: 'spki' }),
  );
  const firma = sign('sha256', tbs, privateKey);
  const certificate = secuencia(tbs, SHA256_RSA, tlv(0x03, Buffer.from([0]), firma));
  return { certificate, sha256: sha256Hex(certificate), key: privateKey };
}

// ---- The APK's contents ----

function manifiesto(o: ApkManifiesto): AxmlElemento {
  const sdk: AxmlElemento['atributos'] = [];
  if (o.minSdk !== undefined) sdk.push({ android: true, nombre: 'minSdkVersion', valor: o.minSdk });
  if (o.targetSdk !== undefined) sdk.push({ android: true, nombre: 'targetSdkVersion', valor: o.targetSdk });
  return {
    nombre: 'manifest',
    atributos: [
      { android: true, nombre: 'versionCode', valor: o.versionCode },
      { android: true, nombre: 'versionName', valor: o.versionName ?? `1.0.${o.versionCode}` },
      { android: false, nombre: 'package', valor: o.packageName },
    ],
    hijos: [
      { nombre: 'uses-sdk', atributos: sdk, hijos: [] },
      {
        nombre: 'application',
        atributos: [{ android: true, nombre: 'label', valor: o.label ?? o.packageName.split('.').pop()! }],
        hijos: [],
      },
    ],
  };
}

/** The app's own entries: what a real build puts beside the manifest (contents are placeholders). */
export function contenidoApk(o: ApkManifiesto): ZipEntrada[] {
  return [
    { nombre: 'AndroidManifest.xml', datos: codificarAxml(manifiesto(o)), comprimir: true },
    { nombre: 'classes.dex', datos: Buffer.concat([Buffer.from('dex\n035\0'), randomBytes(512)]), comprimir: true },
    { nombre: 'resources.arsc', datos: Buffer.alloc(256, 0x02) },
    {
      nombre: 'res/xml/network_security_config.xml',
      datos: Buffer.from('<network-security-config/>'),
      comprimir: true,
    },
  ];
}

// ---- APK Signature Scheme v2 ----

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};
/** A uint32-length-prefixed value, as the v2 block nests them. */
const lp = (...partes: Buffer[]) => {
  const v = Buffer.concat(partes);
  return Buffer.concat([u32(v.length), v]);
};

/** The v2 content digest: SHA-256 over 1 MiB chunks of entries, central directory and EOCD. */
function resumenV2(secciones: readonly Buffer[]): Buffer {
  const trozos: Buffer[] = [];
  for (const seccion of secciones) {
    for (let pos = 0; pos < seccion.length; pos += 1024 * 1024) {
      const trozo = seccion.subarray(pos, pos + 1024 * 1024);
      trozos.push(
        createHash('sha256')
          .update(Buffer.from([0xa5]))
          .update(u32(trozo.length))
          .update(trozo)
          .digest(),
      );
    }
  }
  return createHash('sha256')
    .update(Buffer.from([0x5a]))
    .update(u32(trozos.length))
    .update(Buffer.concat(trozos))
    .digest();
}

/** An APK Signing Block with one v2 signer (RSASSA-PKCS1-v1_5 with SHA-256, algorithm 0x0103) over `entradas`. */
export function bloqueV2(entradas: readonly ZipEntrada[], firmante: Firmante): Buffer {
  const zip = escribirZip(entradas);
  const eocd = finDeDirectorio(entradas.length, zip.directorio.length, zip.entradas.length);
  const resumen = resumenV2([zip.entradas, zip.directorio, eocd]);
  const datos = Buffer.concat([lp(lp(u32(0x0103), lp(resumen))), lp(lp(firmante.certificate)), lp()]);
  const firma = sign('sha256', datos, firmante.key);
  const publicKeyDer = createPublicKey(firmante.key).export({ format: 'der', type: 'spki' });
  const firmantes = lp(lp(lp(datos), lp(lp(u32(0x0103), lp(firma))), lp(publicKeyDer)));
  const par = Buffer.concat([u64(4 + firmantes.length), u32(0x7109871a), firmantes]);
  const tamano = par.length + 8 + 16;
  return Buffer.concat([u64(tamano), par, u64(tamano), Buffer.from('APK Sig Block 42', 'latin1')]);
}

/** A v2-signed APK with the given manifest (what Android 7+ and `leerApk` verify). */
export function construirApk(manifiesto: ApkManifiesto, firmante: Firmante): Buffer {
  const entradas = contenidoApk(manifiesto);
  return escribirZip(entradas).unir(bloqueV2(entradas, firmante));
}
