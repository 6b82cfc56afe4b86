import { describe, expect, it } from 'vitest';
import { versionDelNombre } from './messages.ts';

describe('package file names', () => {
  it('reads the version a file name carries', () => {
    expect(versionDelNombre('PhysisSetup-3.14.2.exe')).toBe('3.14.2');
    expect(versionDelNombre('PhysisSetup-3.15.0-beta1.exe')).toBe('3.15.0-beta1');
    expect(versionDelNombre('sueldos_2.8.msi')).toBe('2.8');
    expect(versionDelNombre('instalador.exe')).toBe('');
  });
});
