import { createHash, createPublicKey, webcrypto } from 'node:crypto';
import * as pkijs from 'pkijs';

/**
 * The portal's one X.509 library: PKI.js (with asn1js) on Node's WebCrypto. AFIP certificate requests, the key
 * download's PKCS#12 and the APK signatures go through it; no ASN.1 is written by hand.
 */
type Motor = ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'];
pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Motor }));

/** DER as PEM with its label (`CERTIFICATE REQUEST`, `PRIVATE KEY`…), 64 characters a line. */
export function pem(etiqueta: string, der: ArrayBuffer | Uint8Array): string {
  const base64 = Buffer.from(der instanceof Uint8Array ? der : new Uint8Array(der)).toString('base64');
  return `-----BEGIN ${etiqueta}-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END ${etiqueta}-----\n`;
}

/** The bytes of a Buffer as the ArrayBuffer PKI.js reads (a Buffer may be a window on a larger pool). */
export const arrayBuffer = (bytes: Buffer): ArrayBuffer => new Uint8Array(bytes).buffer;

/**
 * SHA-256 (hex) of a public key's SubjectPublicKeyInfo, re-encoded by Node so that the same key always gives the same
 * hash whoever wrote its DER: what pairs a signed certificate with the request made for its key.
 */
export function huellaClavePublica(spki: Buffer): string {
  const der = createPublicKey({ key: spki, format: 'der', type: 'spki' }).export({ format: 'der', type: 'spki' });
  return createHash('sha256').update(der).digest('hex');
}
