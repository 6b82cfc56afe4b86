import { describe, expect, it } from 'vitest';
import { compareVersions, isVersionNumero, versionNumero, versionOrden } from './version-numero.ts';

describe('version numbers', () => {
  it('accepts what staff write and refuses the rest', () => {
    for (const ok of ['3', '3.9', '3.10', '3.14.2', '1.2.3.4', '3.15.0-beta1', '3.15.0-rc.2'])
      expect(isVersionNumero(ok), ok).toBe(true);
    for (const bad of ['', 'v3.1', '3.', '.3', '3..1', '1.2.3.4.5', '3.1-', '3.1 beta', '3,1'])
      expect(isVersionNumero(bad), bad).toBe(false);
    expect(versionNumero.safeParse('  3.1  ').data).toBe('3.1');
    expect(versionNumero.safeParse('tres').error?.issues[0]?.message).toMatch(/^Número de versión inválido/);
  });

  it('sorts as versions: 3.10 after 3.9, pre-releases before their release, missing parts as zero', () => {
    const sorted = [
      '3.10',
      '3.9',
      '10.0',
      '3.9.1',
      '3.15.0',
      '3.15.0-beta1',
      '3.15.0-beta10',
      '3.15.0-beta2',
      '2.8.0',
      '3.9.0',
    ].sort(compareVersions);
    expect(sorted).toEqual([
      '2.8.0',
      '3.9',
      '3.9.0',
      '3.9.1',
      '3.10',
      '3.15.0-beta1',
      '3.15.0-beta2',
      '3.15.0-beta10',
      '3.15.0',
      '10.0',
    ]);
    expect(versionOrden('3.9')).toBe(versionOrden('3.9.0'));
    // Byte order of the keys is the order PostgreSQL uses with collate "C".
    expect(Buffer.compare(Buffer.from(versionOrden('3.10')), Buffer.from(versionOrden('3.9')))).toBe(1);
  });
});
