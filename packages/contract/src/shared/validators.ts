import { z } from 'zod';

/** Optional free text from a form: blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

export const requiredText = (max: number) =>
  z
    .string({ error: 'Este campo es requerido' })
    .trim()
    .min(1, 'Este campo es requerido')
    .max(max, `Máximo ${max} caracteres`);

// RFC 1123 host name: labels of letters, digits and inner hyphens, at most 63 each, 253 in all.
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const hostname = z
  .string({ error: 'Este campo es requerido' })
  .trim()
  .toLowerCase()
  .min(1, 'Este campo es requerido')
  .regex(HOSTNAME, 'Nombre de host inválido (letras, números, guiones y puntos)');

export const ipAddress = z.union([z.ipv4(), z.ipv6()], { error: 'Dirección IP inválida' });

const HOSTNAME_INVALID = 'Nombre de host inválido (letras, números, guiones y puntos)';

export const optionalHostname = z
  .union([z.literal(''), z.null(), z.undefined(), hostname], { error: HOSTNAME_INVALID })
  .transform((v) => (v ? v : null));

export const optionalIp = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.union([z.null(), ipAddress], { error: 'Dirección IP inválida' }));

export const port = z.coerce
  .number({ error: 'Debe ser un número' })
  .int('Debe ser un número entero')
  .min(1, 'El puerto va de 1 a 65535')
  .max(65535, 'El puerto va de 1 a 65535');
