import { z } from 'zod';
import { MAX_ID } from '@intranet/contract/shared/list';
import { AFIP_AMBIENTES } from './vencimientos.ts';

// ---- AFIP certificate requests: key and CSR made in the portal, paired with AFIP's certificate. ----
// Generate and cancel: CLIENTES#EDITAR; read and download the CSR: CLIENTES#VER; the key: CLIENTES#CERTIFICADOS.

const servicio = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_]{2,40}$/, 'Servicio inválido (letras, números y _)');

/** The most characters of a request's alias (its certificate's CN). */
export const ALIAS_MAXIMO = 64;

/**
 * A name as an alias AFIP takes: lower case, no accents, words joined by hyphens, never one at either end, at most
 * ALIAS_MAXIMO characters cut where a word ends
 * ("Distribuidora del Litoral S.R.L." → "distribuidora-del-litoral-s-r-l").
 */
export function aliasDe(texto: string): string {
  const slug = texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= ALIAS_MAXIMO) return slug;
  const corte = slug.lastIndexOf('-', ALIAS_MAXIMO);
  return (corte > 0 ? slug.slice(0, corte) : slug.slice(0, ALIAS_MAXIMO)).replace(/-+$/, '');
}

/**
 * `POST /api/vencimientos/solicitudes`: the CN (alias) and what the certificate is for; the client gives O and CUIT.
 */
export const solicitudInput = z
  .object({
    empresa_id: z.number({ error: 'Elija un cliente' }).int().positive('Elija un cliente').max(MAX_ID, 'Id inválido'),
    /** The certificate this request renews: it is marked replaced when the new one is paired. */
    renueva_id: z
      .number()
      .int()
      .positive()
      .max(MAX_ID, 'Id inválido')
      .nullish()
      .transform((v) => v ?? null),
    alias: z
      .string({ error: 'Este campo es requerido' })
      .trim()
      .min(1, 'Este campo es requerido')
      .max(ALIAS_MAXIMO, `Máximo ${ALIAS_MAXIMO} caracteres`)
      .regex(/^[A-Za-z0-9._-]+$/, 'Solo letras, números, punto, guion y guion bajo (sin espacios)'),
    ambiente: z.enum(AFIP_AMBIENTES, { error: 'Elija el ambiente' }),
    servicios: z
      .array(servicio)
      .max(20, 'Máximo 20 servicios')
      .default([])
      .transform((v) => [...new Set(v)]),
  })
  .strict();
export type SolicitudInput = z.input<typeof solicitudInput>;

/** A pending request: what AFIP will see in it (never its key). */
export const solicitud = z.object({
  id: z.number().int(),
  empresa_id: z.number().int(),
  renueva_id: z.number().int().nullable(),
  cuit: z.string(),
  razon_social: z.string(),
  alias: z.string(),
  ambiente: z.enum(AFIP_AMBIENTES),
  servicios: z.array(z.string()),
  /** The request's subject as OpenSSL prints it: `C=AR, O=…, CN=…, serialNumber=CUIT …`. */
  sujeto: z.string(),
  usuario: z.string().nullable(),
  creado: z.string(),
});
export type Solicitud = z.infer<typeof solicitud>;

export const CLAVE_FORMATOS = ['p12', 'pem'] as const;
export const CLAVE_FORMATO_ETIQUETA: Readonly<Record<(typeof CLAVE_FORMATOS)[number], string>> = {
  p12: 'PKCS#12 (.p12) con contraseña',
  pem: 'PEM (clave y certificado)',
};

/** `POST /api/vencimientos/certificados/:id/clave`: the format, and for a .p12 the password that protects it. */
export const claveDescargaInput = z
  .object({
    formato: z.enum(CLAVE_FORMATOS, { error: 'Elija el formato' }),
    password: z.string().max(128, 'Máximo 128 caracteres').optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.formato === 'p12' && (v.password ?? '').length < 8) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'La contraseña del .p12 debe tener al menos 8 caracteres',
      });
    }
  });
export type ClaveDescargaInput = z.input<typeof claveDescargaInput>;

/** What to do with the CSR at AFIP, shown beside its download. */
export const PASOS_AFIP = [
  'Ingrese a afip.gob.ar con la clave fiscal del cliente (o de quien tenga delegado el servicio).',
  'Abra «Administración de Certificados Digitales» (para homologación: «WSASS - Autogestión Certificados Homologación»).',
  'Elija el alias del certificado (o agregue uno nuevo con el mismo alias) y suba el archivo .csr descargado aquí.',
  'Descargue el certificado (.crt) que entrega AFIP.',
  'En «Administrador de Relaciones de Clave Fiscal», asocie el certificado (el alias) al servicio web que use el cliente, por ejemplo wsfe (factura electrónica).',
  'Vuelva aquí e importe el .crt con «Importar certificado»: se empareja con esta solicitud y su clave queda guardada.',
] as const;
