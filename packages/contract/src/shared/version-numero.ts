import { z } from 'zod';

/**
 * Version numbers as staff write them: 1 to 4 dot-separated numbers and an optional pre-release after a dash
 * (`3.14.2`, `2.8`, `3.15.0-beta1`, `3.15.0-rc.2`). They sort as versions, not as text: 3.10 after 3.9,
 * a pre-release before its release.
 */
const VERSION = /^(\d{1,9})(\.\d{1,9}){0,3}(-[0-9A-Za-z]+(\.[0-9A-Za-z]+)*)?$/;
const PARTS = 4;
const WIDTH = 10;

export const VERSION_INVALIDA = 'Número de versión inválido (por ejemplo 3.14.2 o 3.15.0-beta1)';

export const isVersionNumero = (text: string): boolean => VERSION.test(text) && text.length <= 60;

const pad = (digits: string) => digits.padStart(WIDTH, '0');

/**
 * A text key whose byte order (collation "C") is the version order: the numbers zero-padded to fixed width,
 * then `~` for a release or `-` and the padded pre-release, which therefore sorts before its release.
 */
export function versionOrden(numero: string): string {
  const [main = '', ...pre] = numero.split('-');
  const nums = main.split('.');
  while (nums.length < PARTS) nums.push('0');
  const key = nums.map(pad).join('.');
  if (pre.length === 0) return `${key}~`;
  return `${key}-${pre.join('-').replace(/\d+/g, pad)}`;
}

/** Compares two valid version numbers (for lists sorted in the browser). */
export const compareVersions = (a: string, b: string): number => {
  const ka = versionOrden(a);
  const kb = versionOrden(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/** A required version number field. */
export const versionNumero = z
  .string({ error: 'Este campo es requerido' })
  .trim()
  .min(1, 'Este campo es requerido')
  .refine(isVersionNumero, VERSION_INVALIDA);

/** An optional one: blank becomes null. */
export const optionalVersionNumero = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isVersionNumero(v), VERSION_INVALIDA);
