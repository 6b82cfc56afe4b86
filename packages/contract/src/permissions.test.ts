import { describe, expect, it } from 'vitest';
import { PERMISSION_CODES, isPermissionCode } from './permissions.ts';

describe('permission catalogue', () => {
  it('keeps the ten codes of the spec with their exact spelling', () => {
    for (const code of [
      'CLIENTES#VER',
      '>SERDNS#VER',
      'PHY-MAQ#TODO',
      'PHY-PER#TODO',
      'APPSSTORE#CONFIG',
      'PROD#VER',
      'SUBPROD#VER',
      'APP#VER',
      'SER#VER',
      'PACKS#VER',
    ]) {
      expect(PERMISSION_CODES).toContain(code);
    }
  });

  it('recognises only catalogued codes', () => {
    expect(isPermissionCode('SER#VER')).toBe(true);
    expect(isPermissionCode('SERDNS#VER')).toBe(false);
    expect(isPermissionCode('toString')).toBe(false);
  });
});
