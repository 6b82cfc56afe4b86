import { X509Certificate } from 'node:crypto';
import { fechaLocal } from '../../../core/fechas.ts';
import { ApiError } from '../../../plugins/errors.ts';

export const MENSAJES_CERTIFICADO = {
  noEsCertificado: 'El archivo no es un certificado X.509 (.crt o .pem) válido',
  sinCuit: 'El certificado no tiene CUIT en el sujeto (serialNumber=CUIT nnnnnnnnnnn); no es un certificado de AFIP',
} as const;

export interface DatosCertificado {
  cuit: string;
  cn: string;
  emitido: string;
  vence: string;
  serial: string;
  huella: string;
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
 * the validity dates (in Buenos Aires), the serial and the SHA-256 fingerprint of the DER.
 */
export function leerCertificado(bytes: Buffer): DatosCertificado {
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
    cuit,
    cn: atributo(cert.subject, 'CN') ?? cuit,
    emitido: fechaLocal(new Date(cert.validFrom)),
    vence: fechaLocal(new Date(cert.validTo)),
    serial: cert.serialNumber.toUpperCase(),
    huella: cert.fingerprint256.toUpperCase(),
  };
}
