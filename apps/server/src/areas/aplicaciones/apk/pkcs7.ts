import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';
import * as pkijs from 'pkijs';
import { arrayBuffer } from '../../../core/x509.ts';

// A v1 (JAR) signature block is a detached PKCS#7 SignedData, read with the portal's X.509 library (core/x509.ts);
// the signature itself is checked by Node, which knows RSA, ECDSA and the DSA of old signing keys alike.

/** Digest algorithms by OID, as Node names them. */
const DIGESTS: Readonly<Record<string, string>> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';

export class Pkcs7Error extends Error {}

function signedData(bloque: Buffer): pkijs.SignedData {
  let info: pkijs.ContentInfo;
  try {
    info = pkijs.ContentInfo.fromBER(arrayBuffer(bloque));
  } catch {
    throw new Pkcs7Error('el bloque de firma está dañado');
  }
  if (info.contentType !== OID_SIGNED_DATA) throw new Pkcs7Error('no es un bloque PKCS#7 SignedData');
  try {
    return new pkijs.SignedData({ schema: info.content });
  } catch {
    throw new Pkcs7Error('el bloque de firma está dañado');
  }
}

/** The certificate the signer names by issuer and serial, among those the block carries. */
function certificadoDe(datos: pkijs.SignedData, firmante: pkijs.SignerInfo): pkijs.Certificate {
  const sid = firmante.sid;
  if (!(sid instanceof pkijs.IssuerAndSerialNumber))
    throw new Pkcs7Error('el firmante no se identifica por emisor y serie');
  const certificado = (datos.certificates ?? []).find(
    (c): c is pkijs.Certificate =>
      c instanceof pkijs.Certificate && c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber),
  );
  if (!certificado) throw new Pkcs7Error('el certificado del firmante no está en el bloque');
  return certificado;
}

/**
 * The bytes the signature covers: the content, or the signed attributes as a SET once their digest holds
 * (RFC 2315 §9.3).
 */
function datosFirmados(firmante: pkijs.SignerInfo, digest: string, contenido: Buffer): Buffer {
  const atributos = firmante.signedAttrs;
  if (!atributos) return contenido;
  const resumen = atributos.attributes.find((a) => a.type === OID_MESSAGE_DIGEST)?.values[0] as
    | { valueBlock?: { valueHexView?: Uint8Array } }
    | undefined;
  const valor = resumen?.valueBlock?.valueHexView;
  if (!valor || !Buffer.from(valor).equals(createHash(digest).update(contenido).digest())) {
    throw new Pkcs7Error('el resumen firmado no coincide con el archivo de firma');
  }
  // PKI.js keeps the attributes as they were signed, already re-tagged as a SET.
  return Buffer.from(atributos.encodedValue);
}

/**
 * Verifies a detached PKCS#7 SignedData (a JAR signature block) over `contenido` and answers the signer's
 * certificate (DER). Throws Pkcs7Error when the block is malformed or the signature does not hold.
 */
export function verificarPkcs7(bloque: Buffer, contenido: Buffer): Buffer {
  const datos = signedData(bloque);
  if (!datos.certificates?.length || datos.signerInfos.length === 0)
    throw new Pkcs7Error('el bloque no trae certificado o firmante');
  const firmante = datos.signerInfos[0]!;
  const digest = DIGESTS[firmante.digestAlgorithm.algorithmId];
  if (!digest) throw new Pkcs7Error('algoritmo de resumen no admitido');
  const certificado = certificadoDe(datos, firmante);
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey({
      key: Buffer.from(certificado.subjectPublicKeyInfo.toSchema().toBER(false)),
      format: 'der',
      type: 'spki',
    });
  } catch {
    throw new Pkcs7Error('el certificado del firmante no se puede leer');
  }
  // RSA (PKCS#1 v1.5), ECDSA and DSA: Node picks the scheme from the key; the digest from the signer.
  if (
    !verify(
      digest,
      datosFirmados(firmante, digest, contenido),
      publicKey,
      Buffer.from(firmante.signature.valueBlock.valueHexView),
    )
  ) {
    throw new Pkcs7Error('la firma no corresponde al contenido firmado');
  }
  return Buffer.from(certificado.toSchema().toBER(false));
}
