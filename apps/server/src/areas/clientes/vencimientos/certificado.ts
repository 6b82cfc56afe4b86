import { X509Certificate } from 'node:crypto';
import { fechaLocal } from '../../../core/fechas.ts';
import { huellaClavePublica, pem } from '../../../core/x509.ts';
import { ApiError } from '../../../core/api-error.ts';

export const MENSAJES_CERTIFICADO = {
  noEsCertificado: 'El archivo no es un certificado X.509 (.crt o .pem) válido',
  sinCuit: 'El certificado no tiene CUIT en el sujeto (serialNumber=CUIT nnnnnnnnnnn); no es un certificado de AFIP',
  sinSolicitud: (cuit: string) =>
    `El certificado no corresponde a ninguna solicitud pendiente del CUIT ${cuit}: su clave pública no es la de ninguna solicitud generada aquí. Importe el certificado que AFIP emitió para el .csr descargado de la solicitud.`,
  otroCuit: (cuit: string, delCertificado: string) =>
    `La solicitud de esta clave es del CUIT ${cuit}, pero el certificado dice CUIT ${delCertificado}`,
} as const;

export interface DatosCertificado {
  cuit: string;
  cn: string;
  emitido: string;
  vence: string;
  serial: string;
  huella: string;
  /** The file as PEM, kept for the key download. */
  pem: string;
}

export interface ArchivoCertificado {
  datos: DatosCertificado;
  /** SHA-256 of its public key: what pairs it with a request generated here (core/x509.ts). */
  clavePublica: string;
}

/** The value of one attribute of a subject as Node prints it (`CN=…` lines). */
function atributo(subject: string, nombre: string): string | undefined {
  for (const line of subject.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0 && line.slice(0, eq).trim().toLowerCase() === nombre.toLowerCase()) return line.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * AFIP issued it, so its CUIT is taken as written (no check-digit test here).
 * Reads an AFIP certificate (PEM or DER): the CUIT from the subject's `serialNumber=CUIT nnnnnnnnnnn`, the CN,
 * the validity dates (in Buenos Aires), the serial, the SHA-256 fingerprint of the DER, and its public key's hash.
 */
export function leerCertificado(bytes: Buffer): ArchivoCertificado {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(bytes);
  } catch {
    throw new ApiError(400, MENSAJES_CERTIFICADO.noEsCertificado);
  }
  const serialNumber = atributo(cert.subject, 'serialNumber');
  const match = serialNumber?.match(/^CUIT\s*(\d{2})-?(\d{8})-?(\d)$/i);
  if (!match) throw new ApiError(400, MENSAJES_CERTIFICADO.sinCuit);
  const cuit = `${match[1]}${match[2]}${match[3]}`;
  return {
    datos: {
      cuit,
      cn: atributo(cert.subject, 'CN') ?? cuit,
      emitido: fechaLocal(new Date(cert.validFrom)),
      vence: fechaLocal(new Date(cert.validTo)),
      serial: cert.serialNumber.toUpperCase(),
      huella: cert.fingerprint256.toUpperCase(),
      pem: pem('CERTIFICATE', cert.raw),
    },
    clavePublica: huellaClavePublica(cert.publicKey.export({ format: 'der', type: 'spki' })),
  };
}
