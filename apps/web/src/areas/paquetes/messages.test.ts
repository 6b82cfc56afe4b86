import { describe, expect, it } from 'vitest';
import { formatBytes, versionDelNombre } from './messages.ts';

describe('package file names and sizes', () => {
  it('reads the version a file name carries', () => {
    expect(versionDelNombre('PhysisSetup-3.14.2.exe')).toBe('3.14.2');
    expect(versionDelNombre('PhysisSetup-3.15.0-beta1.exe')).toBe('3.15.0-beta1');
    expect(versionDelNombre('sueldos_2.8.msi')).toBe('2.8');
    expect(versionDelNombre('instalador.exe')).toBe('');
  });

  it('writes sizes as staff read them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(24 * 1024 * 1024)).toBe('24,0 MB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatBytes(null)).toBe('—');
  });
});
