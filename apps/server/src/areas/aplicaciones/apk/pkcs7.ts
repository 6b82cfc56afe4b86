import { createHash, verify, X509Certificate } from 'node:crypto';
import { DER, derAt, derChildren, derExpect, derOid, type DerNode } from './der.ts';

/** Digest algorithms by OID, as Node names them. */
export const DIGESTS: Readonly<Record<string, string>> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';

export class Pkcs7Error extends Error {}

interface Firmante {
  emisor: Buffer;
  serie: Buffer;
  digest: string;
  /** The [0] IMPLICIT signed attributes, when present. */
  atributos: DerNode | undefined;
  firma: Buffer;
}

/** Issuer and serial of a certificate, to match the signer that names it. */
function emisorYSerie(certificado: Buffer): { emisor: Buffer; serie: Buffer } {
  const tbs = derChildren(derExpect(derChildren(derAt(certificado)), 0, DER.SEQUENCE));
  const desde = tbs[0]?.tag === DER.CONTEXT_0 ? 1 : 0;
  return { serie: derExpect(tbs, desde, DER.INTEGER).value, emisor: derExpect(tbs, desde + 2, DER.SEQUENCE).raw };
}

function leerFirmante(nodo: DerNode): Firmante {
  const partes = derChildren(nodo);
  const emisorSerie = derChildren(derExpect(partes, 1, DER.SEQUENCE));
  const digest = DIGESTS[derOid(derChildren(derExpect(partes, 2, DER.SEQUENCE))[0]!)];
  if (!digest) throw new Pkcs7Error('algoritmo de resumen no admitido');
  const atributos = partes[3]?.tag === DER.CONTEXT_0 ? partes[3] : undefined;
  const firma = derExpect(partes, atributos ? 5 : 4, DER.OCTET_STRING).value;
  return { emisor: derExpect(emisorSerie, 0, DER.SEQUENCE).raw, serie: derExpect(emisorSerie, 1, DER.INTEGER).value, digest, atributos, firma };
}

/** The bytes the signature covers: the content, or the signed attributes re-tagged as a SET (RFC 2315 §9.3). */
function datosFirmados(firmante: Firmante, contenido: Buffer): Buffer {
  if (!firmante.atributos) return contenido;
  const esperado = createHash(firmante.digest).update(contenido).digest();
  const resumen = derChildren(firmante.atributos)
    .map((attr) => derChildren(attr))
    .find((attr) => derOid(attr[0]!) === OID_MESSAGE_DIGEST);
  const valor = resumen?.[1] ? derChildren(resumen[1])[0]?.value : undefined;
  if (!valor || !valor.equals(esperado)) throw new Pkcs7Error('el resumen firmado no coincide con el archivo de firma');
  return Buffer.concat([Buffer.from([DER.SET]), firmante.atributos.raw.subarray(1)]);
}

/**
 * Verifies a detached PKCS#7 SignedData (a JAR signature block) over `contenido` and answers the signer's
 * certificate (DER). Throws Pkcs7Error when the block is malformed or the signature does not hold.
 */
export function verificarPkcs7(bloque: Buffer, contenido: Buffer): Buffer {
  const contentInfo = derChildren(derAt(bloque));
  if (derOid(derExpect(contentInfo, 0, 0x06)) !== OID_SIGNED_DATA) throw new Pkcs7Error('no es un bloque PKCS#7 SignedData');
  const signedData = derChildren(derExpect(derChildren(derExpect(contentInfo, 1, DER.CONTEXT_0)), 0, DER.SEQUENCE));
  const certificados = signedData.find((n) => n.tag === DER.CONTEXT_0);
  const firmantes = signedData.at(-1);
  if (!certificados || firmantes?.tag !== DER.SET) throw new Pkcs7Error('el bloque no trae certificado o firmante');
  const [primero] = derChildren(firmantes);
  if (!primero) throw new Pkcs7Error('el bloque no trae firmante');
  const firmante = leerFirmante(primero);
  const certificado = derChildren(certificados)
    .map((c) => c.raw)
    .find((der) => {
      const { emisor, serie } = emisorYSerie(der);
      return emisor.equals(firmante.emisor) && serie.equals(firmante.serie);
    });
  if (!certificado) throw new Pkcs7Error('el certificado del firmante no está en el bloque');
  let clave;
  try {
    clave = new X509Certificate(certificado).publicKey;
  } catch {
    throw new Pkcs7Error('el certificado del firmante no se puede leer');
  }
  // RSA (PKCS#1 v1.5), ECDSA and DSA: Node picks the scheme from the key; the digest from the signer.
  if (!verify(firmante.digest, datosFirmados(firmante, contenido), clave, firmante.firma)) {
    throw new Pkcs7Error('la firma no corresponde al contenido firmado');
  }
  return certificado;
}
