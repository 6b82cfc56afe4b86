import { createHash } from 'node:crypto';
import { ApkRechazado, MENSAJES_APK } from './errors.ts';
import { Pkcs7Error, verificarPkcs7 } from './pkcs7.ts';
import type { ApkZip } from './zip.ts';

// The JAR digest attribute prefixes, by Node's digest name (Android accepts these).
const ATRIBUTOS: readonly [string, string][] = [
  ['SHA-512', 'sha512'],
  ['SHA-384', 'sha384'],
  ['SHA-256', 'sha256'],
  ['SHA1', 'sha1'],
  ['SHA-1', 'sha1'],
];
const MAX_META = 64 * 1024 * 1024;
const invalida = (detalle: string) => new ApkRechazado(MENSAJES_APK.firmaInvalida(detalle));

interface Seccion {
  atributos: Map<string, string>;
  /** The section's bytes, its closing blank line included: what the .SF digests per entry. */
  raw: Buffer;
}

/** Splits a JAR manifest (or .SF) into its main section and its per-entry sections by `Name`. */
export function leerSecciones(texto: Buffer): { principal: Map<string, string>; entradas: Map<string, Seccion> } {
  const latin = texto.toString('latin1');
  const secciones: Seccion[] = [];
  const corte = /\r\n\r\n|\n\n|\r\r/g;
  let desde = 0;
  for (let m = corte.exec(latin); ; m = corte.exec(latin)) {
    const hasta = m ? m.index + m[0].length : latin.length;
    if (hasta > desde)
      secciones.push({ atributos: atributosDe(latin.slice(desde, hasta)), raw: texto.subarray(desde, hasta) });
    if (!m) break;
    desde = hasta;
  }
  const [principal, ...resto] = secciones;
  const entradas = new Map<string, Seccion>();
  for (const seccion of resto) {
    const nombre = seccion.atributos.get('name');
    if (nombre !== undefined) entradas.set(nombre, seccion);
  }
  return { principal: principal?.atributos ?? new Map(), entradas };
}

/** `Nombre: valor` lines (a line starting with a space continues the previous one); names lower-cased. */
function atributosDe(seccion: string): Map<string, string> {
  const lineas: string[] = [];
  for (const linea of seccion.split(/\r\n|\n|\r/)) {
    if (linea.startsWith(' ') && lineas.length) lineas[lineas.length - 1] += linea.slice(1);
    else if (linea) lineas.push(linea);
  }
  const atributos = new Map<string, string>();
  for (const linea of lineas) {
    const dos = linea.indexOf(': ');
    if (dos > 0)
      atributos.set(linea.slice(0, dos).toLowerCase(), Buffer.from(linea.slice(dos + 2), 'latin1').toString('utf8'));
  }
  return atributos;
}

/** True when one of the section's `<ALG><sufijo>` digests matches `datos`; undefined when it has none. */
function coincide(atributos: Map<string, string>, sufijo: string, datos: Buffer): boolean | undefined {
  for (const [prefijo, algoritmo] of ATRIBUTOS) {
    const valor = atributos.get(`${prefijo}${sufijo}`.toLowerCase());
    if (valor !== undefined) return createHash(algoritmo).update(datos).digest('base64') === valor.trim();
  }
  return undefined;
}

/** Checks the .SF against MANIFEST.MF: the whole manifest's digest, or else each entry section's. */
function verificarSf(
  sf: ReturnType<typeof leerSecciones>,
  mf: Buffer,
  manifest: ReturnType<typeof leerSecciones>,
): void {
  if (coincide(sf.principal, '-Digest-Manifest', mf) === true) return;
  for (const [nombre, seccion] of manifest.entradas) {
    const firmada = sf.entradas.get(nombre);
    if (!firmada || coincide(firmada.atributos, '-Digest', seccion.raw) !== true) {
      throw invalida(`MANIFEST.MF no coincide con el archivo de firma (${nombre})`);
    }
  }
}

const esDeFirma = (nombre: string) =>
  /^META-INF\/[^/]+\.(SF|RSA|DSA|EC)$/i.test(nombre) || nombre.toUpperCase() === 'META-INF/MANIFEST.MF';

/**
 * Verifies a v1 (JAR) signature: the signature block over the .SF, the .SF over MANIFEST.MF, and every
 * entry outside META-INF against its digest in MANIFEST.MF. Answers the signer's certificate (DER), or
 * null when the APK carries no v1 signature at all.
 */
export async function verificarFirmaV1(apk: ApkZip): Promise<Buffer | null> {
  const nombres = [...apk.entradas.keys()];
  const sfs = nombres.filter((n) => /^META-INF\/[^/]+\.SF$/i.test(n)).sort();
  const par = sfs
    .map((sf) => ({
      sf,
      bloque: nombres.find(
        (n) => n.toUpperCase().startsWith(sf.slice(0, -2).toUpperCase()) && /\.(RSA|DSA|EC)$/i.test(n),
      ),
    }))
    .find((p) => p.bloque);
  if (!par?.bloque) return null;
  const mfEntrada = apk.entradas.get('META-INF/MANIFEST.MF');
  if (!mfEntrada) throw invalida('falta META-INF/MANIFEST.MF');

  const sfBytes = await apk.leer(apk.entradas.get(par.sf)!, MAX_META);
  const bloque = await apk.leer(apk.entradas.get(par.bloque)!, MAX_META);
  let certificado: Buffer;
  try {
    certificado = verificarPkcs7(bloque, sfBytes);
  } catch (err) {
    if (err instanceof Pkcs7Error) throw invalida(err.message);
    throw err;
  }
  const mf = await apk.leer(mfEntrada, MAX_META);
  const manifest = leerSecciones(mf);
  verificarSf(leerSecciones(sfBytes), mf, manifest);

  for (const [nombre, entrada] of apk.entradas) {
    if (esDeFirma(nombre)) continue;
    const seccion = manifest.entradas.get(nombre);
    if (!seccion) throw invalida(`${nombre} no está firmado`);
    const [prefijo, algoritmo] = ATRIBUTOS.find(([p]) => seccion.atributos.has(`${p}-digest`.toLowerCase())) ?? [];
    if (!prefijo || !algoritmo) throw invalida(`${nombre} no tiene un resumen admitido`);
    const esperado = seccion.atributos.get(`${prefijo}-digest`.toLowerCase())!.trim();
    if ((await apk.resumen(entrada, algoritmo)).toString('base64') !== esperado) {
      throw invalida(`${nombre} fue modificado después de firmar el APK`);
    }
  }
  return certificado;
}
