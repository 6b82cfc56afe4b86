import { constants, createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import * as pkijs from 'pkijs';
import { arrayBuffer, huellaClavePublica } from '../../../core/x509.ts';
import type { FileStore } from '../../../storage/store.ts';
import { ApkRechazado, MENSAJES_APK } from './errors.ts';

// APK Signature Scheme v2/v3 (source.android.com/docs/security/features/apksigning/v2): an "APK Signing
// Block" between the entries and the central directory holds each signer's certificates and a signature
// over a chunked digest of the whole file. Android 7+ trusts it instead of the JAR signature.

const MAGIA = Buffer.from('APK Sig Block 42', 'latin1');
const V2 = 0x7109871a;
const V3 = 0xf05368c0;
const MAX_BLOQUE = 32 * 1024 * 1024;
const TROZO = 1024 * 1024;

/** The signature algorithms of the scheme: the content digest each implies and how to verify. */
const ALGORITMOS: Readonly<Record<number, { digest: 'sha256' | 'sha512'; pss?: number; fuerza: number }>> = {
  0x0101: { digest: 'sha256', pss: 32, fuerza: 2 },
  0x0102: { digest: 'sha512', pss: 64, fuerza: 4 },
  0x0103: { digest: 'sha256', fuerza: 1 },
  0x0104: { digest: 'sha512', fuerza: 3 },
  0x0201: { digest: 'sha256', fuerza: 1 },
  0x0202: { digest: 'sha512', fuerza: 3 },
  0x0301: { digest: 'sha256', fuerza: 1 },
};

const invalida = (detalle: string) => new ApkRechazado(MENSAJES_APK.firmaInvalida(detalle));

async function leerRango(store: FileStore, sha256: string, desde: number, hasta: number): Promise<Buffer> {
  if (hasta <= desde) return Buffer.alloc(0);
  const partes: Buffer[] = [];
  for await (const chunk of store.read(sha256, { start: desde, end: hasta - 1 })) partes.push(chunk as Buffer);
  return Buffer.concat(partes);
}

/** Reads uint32-length-prefixed values, as every level of the v2/v3 block is written. */
class Lector {
  private pos = 0;
  constructor(private readonly buf: Buffer) {}
  get quedan(): boolean {
    return this.pos < this.buf.length;
  }
  u32(): number {
    if (this.pos + 4 > this.buf.length) throw invalida('el bloque de firma APK está truncado');
    const v = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return v;
  }
  prefijado(): Buffer {
    const largo = this.u32();
    if (this.pos + largo > this.buf.length) throw invalida('el bloque de firma APK está truncado');
    const v = this.buf.subarray(this.pos, this.pos + largo);
    this.pos += largo;
    return v;
  }
  secuencia(): Lector[] {
    const lista = new Lector(this.prefijado());
    const items: Lector[] = [];
    while (lista.quedan) items.push(new Lector(lista.prefijado()));
    return items;
  }
  resto(): Buffer {
    return this.buf.subarray(this.pos);
  }
}

/** Where the zip ends: the End Of Central Directory record and the central directory it points to. */
async function finDelZip(store: FileStore, sha256: string, tamano: number) {
  const cola = await leerRango(store, sha256, Math.max(0, tamano - 22 - 0xffff), tamano);
  for (let i = cola.length - 22; i >= 0; i -= 1) {
    if (cola.readUInt32LE(i) !== 0x06054b50 || i + 22 + cola.readUInt16LE(i + 20) !== cola.length) continue;
    return { eocd: cola.subarray(i), eocdOffset: tamano - cola.length + i, cdOffset: cola.readUInt32LE(i + 16) };
  }
  return undefined;
}

/** The scheme's digest of the file: 1 MiB chunks of entries, central directory and EOCD (pointing at the block). */
async function resumenDelContenido(
  store: FileStore,
  sha256: string,
  algoritmo: string,
  secciones: [number, number][],
  eocd: Buffer,
): Promise<Buffer> {
  const resumenes: Buffer[] = [];
  const trozo = (datos: Buffer) => {
    const cabecera = Buffer.alloc(5);
    cabecera[0] = 0xa5;
    cabecera.writeUInt32LE(datos.length, 1);
    resumenes.push(createHash(algoritmo).update(cabecera).update(datos).digest());
  };
  for (const [desde, hasta] of secciones) {
    for (let pos = desde; pos < hasta; pos += TROZO)
      trozo(await leerRango(store, sha256, pos, Math.min(pos + TROZO, hasta)));
  }
  for (let pos = 0; pos < eocd.length; pos += TROZO) trozo(eocd.subarray(pos, pos + TROZO));
  const cabecera = Buffer.alloc(5);
  cabecera[0] = 0x5a;
  cabecera.writeUInt32LE(resumenes.length, 1);
  return createHash(algoritmo).update(cabecera).update(Buffer.concat(resumenes)).digest();
}

interface Firmante {
  datos: Buffer;
  resumenes: Map<number, Buffer>;
  certificado: Buffer;
  firmas: Map<number, Buffer>;
  publicKeyDer: Buffer;
}

function leerFirmante(lector: Lector, esquema: number): Firmante {
  const datos = lector.prefijado();
  const contenido = new Lector(datos);
  const resumenes = new Map(contenido.secuencia().map((r) => [r.u32(), r.prefijado()] as const));
  const [certificado] = contenido.secuencia().map((c) => c.resto());
  if (esquema === V3) {
    lector.u32(); // minSdk
    lector.u32(); // maxSdk
  }
  const firmas = new Map(lector.secuencia().map((f) => [f.u32(), f.prefijado()] as const));
  if (!certificado) throw invalida('el bloque de firma APK no trae certificado');
  return { datos, resumenes, certificado, firmas, publicKeyDer: lector.prefijado() };
}

function verificarFirma(f: Firmante): { id: number; digest: string } {
  const [id] = [...f.firmas.keys()]
    .filter((k) => ALGORITMOS[k])
    .sort((a, b) => ALGORITMOS[b]!.fuerza - ALGORITMOS[a]!.fuerza);
  if (id === undefined) throw invalida('el bloque de firma APK no usa un algoritmo admitido');
  const alg = ALGORITMOS[id]!;
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey({ key: f.publicKeyDer, format: 'der', type: 'spki' });
    // The certificate is read with the portal's X.509 library; both keys are compared as Node re-encodes them.
    const spki = Buffer.from(
      pkijs.Certificate.fromBER(arrayBuffer(f.certificado)).subjectPublicKeyInfo.toSchema().toBER(false),
    );
    if (huellaClavePublica(spki) !== huellaClavePublica(f.publicKeyDer)) throw new Error();
  } catch {
    throw invalida('la clave del bloque de firma APK no es la de su certificado');
  }
  const opciones = alg.pss
    ? { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: alg.pss }
    : publicKey;
  if (!verify(alg.digest, f.datos, opciones, f.firmas.get(id)!))
    throw invalida('la firma del bloque de firma APK no corresponde');
  return { id, digest: alg.digest };
}

/**
 * Verifies the v3 (else v2) signature of the APK Signing Block and answers the signer's certificate (DER);
 * null when the APK has no such block, so the caller falls back to the v1 signature.
 */
export async function verificarFirmaV2(store: FileStore, sha256: string, tamano: number): Promise<Buffer | null> {
  const fin = await finDelZip(store, sha256, tamano);
  if (!fin || fin.cdOffset < 32 || fin.cdOffset > fin.eocdOffset) return null;
  const pie = await leerRango(store, sha256, fin.cdOffset - 24, fin.cdOffset);
  if (!pie.subarray(8).equals(MAGIA)) return null;
  const largo = Number(pie.readBigUInt64LE(0));
  const inicio = fin.cdOffset - largo - 8;
  if (largo < 24 || largo > MAX_BLOQUE || inicio < 0) throw invalida('el bloque de firma APK está dañado');
  const bloque = await leerRango(store, sha256, inicio, fin.cdOffset - 24);
  if (Number(bloque.readBigUInt64LE(0)) !== largo) throw invalida('el bloque de firma APK está dañado');

  const pares = new Map<number, Buffer>();
  for (let pos = 8; pos + 12 <= bloque.length; ) {
    const tam = Number(bloque.readBigUInt64LE(pos));
    if (tam < 4 || pos + 8 + tam > bloque.length) throw invalida('el bloque de firma APK está dañado');
    pares.set(bloque.readUInt32LE(pos + 8), bloque.subarray(pos + 12, pos + 8 + tam));
    pos += 8 + tam;
  }
  const esquema = pares.has(V3) ? V3 : pares.has(V2) ? V2 : undefined;
  if (esquema === undefined) return null;
  const [primero] = new Lector(pares.get(esquema)!).secuencia();
  if (!primero) throw invalida('el bloque de firma APK no trae firmantes');
  const firmante = leerFirmante(primero, esquema);
  const { id, digest } = verificarFirma(firmante);

  const eocd = Buffer.from(fin.eocd);
  eocd.writeUInt32LE(inicio, 16);
  const calculado = await resumenDelContenido(
    store,
    sha256,
    digest,
    [
      [0, inicio],
      [fin.cdOffset, fin.eocdOffset],
    ],
    eocd,
  );
  if (!firmante.resumenes.get(id)?.equals(calculado))
    throw invalida('el contenido fue modificado después de firmar el APK');
  return firmante.certificado;
}
