import { describe, expect, it } from 'vitest';
import { cuit, formatCuit, isValidCuit } from './cuit.ts';

describe('isValidCuit', () => {
  it('accepts CUITs whose last digit is the check digit', () => {
    // 20-12345678-6: 2·5+0·4+1·3+2·2+3·7+4·6+5·5+6·4+7·3+8·2 = 148; 148 mod 11 = 5; 11 - 5 = 6.
    expect(isValidCuit('20123456786')).toBe(true);
    expect(isValidCuit('20-12345678-6')).toBe(true);
    // AFIP's own CUIT.
    expect(isValidCuit('33-69345023-9')).toBe(true);
    // A remainder of 0 gives check digit 0 (11 → 0): 3·5 + 1·3 + 2·2 = 22.
    expect(isValidCuit('30-10000002-0')).toBe(true);
  });

  it('refuses a wrong check digit, a check digit of 10 and malformed input', () => {
    for (const bad of ['20123456780', '20123456787', '20-12345678-5', '33693450238'])
      expect(isValidCuit(bad)).toBe(false);
    // 20-00000001-?: sum 2·5 + 1·2 = 12; 12 mod 11 = 1; 11 - 1 = 10: no valid check digit exists.
    for (let d = 0; d <= 9; d += 1) expect(isValidCuit(`2000000001${d}`)).toBe(false);
    for (const bad of ['', '2012345678', '201234567861', '2012345678a', 'abcdefghijk'])
      expect(isValidCuit(bad)).toBe(false);
  });

  it('the cuit field normalises dashes and names the problem', () => {
    expect(cuit.parse('20-12345678-6')).toBe('20123456786');
    expect(cuit.safeParse('20-1234-5').error?.issues[0]?.message).toBe('El CUIT tiene 11 dígitos (nn-nnnnnnnn-n)');
    expect(cuit.safeParse('20-12345678-5').error?.issues[0]?.message).toBe(
      'El dígito verificador del CUIT no es válido',
    );
    expect(formatCuit('20123456786')).toBe('20-12345678-6');
  });
});
