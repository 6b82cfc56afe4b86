import { z } from 'zod';

// The CUIT/CUIL of Argentina's tax agency: its own module, re-exported by clientes.ts, because screens that only
// show one (the audit history of every area) need not load the clients' contract.

const CUIT_PESOS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The CUIT's digits with dashes, dots and spaces taken out ("30-71234567-1" → "30712345671"). */
export function cuitDigits(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

/**
 * Whether a CUIT/CUIL is valid: 11 digits whose last one is the check digit of the first ten (weights
 * 5,4,3,2,7,6,5,4,3,2; 11 minus the sum modulo 11; 11 gives 0 and 10 is never a valid check digit).
 * Dashes are accepted ("20-12345678-6").
 */
export function isValidCuit(value: string): boolean {
  const digits = cuitDigits(value);
  if (!/^[0-9]{11}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) sum += Number(digits[i]) * CUIT_PESOS[i]!;
  const resto = 11 - (sum % 11);
  const verificador = resto === 11 ? 0 : resto;
  return verificador !== 10 && verificador === Number(digits[10]);
}

/** "30712345671" → "30-71234567-1"; anything that is not 11 digits is returned as it came. */
export function formatCuit(value: string): string {
  const d = cuitDigits(value);
  return /^[0-9]{11}$/.test(d) ? `${d.slice(0, 2)}-${d.slice(2, 10)}-${d.slice(10)}` : value;
}

/** A CUIT field: with or without dashes in, 11 digits out. */
export const cuit = z
  .string({ error: 'Este campo es requerido' })
  .trim()
  .min(1, 'Este campo es requerido')
  .transform(cuitDigits)
  .refine((v) => /^[0-9]{11}$/.test(v), { message: 'El CUIT tiene 11 dígitos (nn-nnnnnnnn-n)', abort: true })
  .refine(isValidCuit, 'El dígito verificador del CUIT no es válido');
