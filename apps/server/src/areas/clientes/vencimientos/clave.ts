import { createPrivateKey, randomBytes, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { arrayBuffer, huellaClavePublica, pem } from '../../../core/x509.ts';

// The key and CSR of an AFIP certificate request, and the PKCS#12 that carries the key with its certificate.

const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
};

const OID = { C: '2.5.4.6', O: '2.5.4.10', CN: '2.5.4.3', serialNumber: '2.5.4.5' } as const;

export interface SujetoAfip {
  razonSocial: string;
  alias: string;
  cuit: string;
}

/** The subject as OpenSSL prints it (`openssl req -subject -nameopt compat`). */
export const sujetoTexto = (s: SujetoAfip): string =>
  `C=AR, O=${s.razonSocial}, CN=${s.alias}, serialNumber=CUIT ${s.cuit}`;

/**
 * The name AFIP expects, one attribute per RDN in this order: C=AR, O=<razón social>, CN=<alias>,
 * serialNumber=CUIT <cuit>. PKI.js puts a name's attributes in one RDN unless it is given the RDN sequence itself.
 */
function nombreAfip(s: SujetoAfip): pkijs.RelativeDistinguishedNames {
  const rdn = (type: string, value: asn1js.PrintableString | asn1js.Utf8String) =>
    new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value }).toSchema()] });
  const secuencia = new asn1js.Sequence({
    value: [
      rdn(OID.C, new asn1js.PrintableString({ value: 'AR' })),
      rdn(OID.O, new asn1js.Utf8String({ value: s.razonSocial })),
      rdn(OID.CN, new asn1js.Utf8String({ value: s.alias })),
      rdn(OID.serialNumber, new asn1js.PrintableString({ value: `CUIT ${s.cuit}` })),
    ],
  });
  return new pkijs.RelativeDistinguishedNames({ schema: asn1js.fromBER(secuencia.toBER(false)).result });
}

export interface SolicitudGenerada {
  /** The PKCS#10 request, PEM. */
  csr: string;
  /** The private key, PKCS#8 PEM: to be sealed before it is stored. */
  privateKey: string;
  /** SHA-256 of its public key (core/x509.ts huellaClavePublica). */
  clavePublica: string;
}

/** A new RSA 2048 key and its PKCS#10 request (SHA-256), signed with it, for AFIP. */
export async function generarSolicitud(sujeto: SujetoAfip): Promise<SolicitudGenerada> {
  const keyPair = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const csr = new pkijs.CertificationRequest({ subject: nombreAfip(sujeto) });
  await csr.subjectPublicKeyInfo.importKey(keyPair.publicKey);
  await csr.sign(keyPair.privateKey, 'SHA-256');
  const spki = Buffer.from(await webcrypto.subtle.exportKey('spki', keyPair.publicKey));
  return {
    csr: pem('CERTIFICATE REQUEST', csr.toSchema().toBER(false)),
    privateKey: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keyPair.privateKey)),
    clavePublica: huellaClavePublica(spki),
  };
}

const BAG = { privateKey: '1.2.840.113549.1.12.10.1.2', certificado: '1.2.840.113549.1.12.10.1.3' } as const;
const ATRIBUTO = { friendlyName: '1.2.840.113549.1.9.20', localKeyId: '1.2.840.113549.1.9.21' } as const;
const ITERACIONES = 100_000;

/**
 * The key and its certificate as a PKCS#12 that OpenSSL, Java and Windows open: both bags encrypted with PBES2
 * (PBKDF2-SHA256, AES-256-CBC), the whole under a SHA-256 MAC, all from `password`.
 */
export async function pkcs12(opts: {
  privateKey: string;
  certificado: string;
  password: string;
  nombre: string;
}): Promise<Buffer> {
  const certDer = arrayBuffer(Buffer.from(opts.certificado.replace(/-----[^-]+-----|\s/g, ''), 'base64'));
  const privateKeyDer = arrayBuffer(createPrivateKey(opts.privateKey).export({ format: 'der', type: 'pkcs8' }));
  const password = arrayBuffer(Buffer.from(opts.password, 'utf8'));
  const localKeyId = new asn1js.OctetString({ valueHex: arrayBuffer(randomBytes(8)) });
  const atributos = () => [
    new pkijs.Attribute({ type: ATRIBUTO.friendlyName, values: [new asn1js.BmpString({ value: opts.nombre })] }),
    new pkijs.Attribute({ type: ATRIBUTO.localKeyId, values: [localKeyId] }),
  ];
  const privateKeyBag = new pkijs.PKCS8ShroudedKeyBag({ parsedValue: pkijs.PrivateKeyInfo.fromBER(privateKeyDer) });
  const pfx = new pkijs.PFX({
    parsedValue: {
      integrityMode: 0,
      authenticatedSafe: new pkijs.AuthenticatedSafe({
        parsedValue: {
          safeContents: [
            {
              privacyMode: 1,
              value: new pkijs.SafeContents({
                safeBags: [
                  new pkijs.SafeBag({
                    bagId: BAG.certificado,
                    bagValue: new pkijs.CertBag({ parsedValue: pkijs.Certificate.fromBER(certDer) }),
                    bagAttributes: atributos(),
                  }),
                ],
              }),
            },
            {
              privacyMode: 0,
              value: new pkijs.SafeContents({
                safeBags: [
                  new pkijs.SafeBag({ bagId: BAG.privateKey, bagValue: privateKeyBag, bagAttributes: atributos() }),
                ],
              }),
            },
          ],
        },
      }),
    },
  });
  const cifrado: Parameters<pkijs.PKCS8ShroudedKeyBag['makeInternalValues']>[0] = {
    password,
    contentEncryptionAlgorithm: { name: 'AES-CBC', length: 256 },
    hmacHashAlgorithm: 'SHA-256',
    iterationCount: ITERACIONES,
  };
  await privateKeyBag.makeInternalValues(cifrado);
  await pfx.parsedValue!.authenticatedSafe!.makeInternalValues({ safeContents: [cifrado, {}] });
  await pfx.makeInternalValues({
    password,
    iterations: ITERACIONES,
    pbkdf2HashAlgorithm: 'SHA-256',
    hmacHashAlgorithm: 'SHA-256',
  });
  return Buffer.from(pfx.toSchema().toBER(false));
}
