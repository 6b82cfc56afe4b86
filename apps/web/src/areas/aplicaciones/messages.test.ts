import { describe, expect, it } from 'vitest';
import { formatHuella, formatSdk, versionesMessages } from './messages.ts';

describe('apk formats', () => {
  it('names API levels by their Android version', () => {
    expect(formatSdk(24)).toBe('24 (Android 7.0)');
    expect(formatSdk(35)).toBe('35 (Android 15)');
    expect(formatSdk(19)).toBe('19');
    expect(formatSdk(null)).toBe('—');
  });

  it('shows a certificate fingerprint as colon-separated pairs', () => {
    expect(formatHuella(`ad778a${'0'.repeat(58)}`)).toMatch(/^AD:77:8A:00(:00){28}$/);
  });

  it('words the upload progress and outcome', () => {
    expect(versionesMessages.progresoTexto(42, '6,0 MB/s', '10,0 MB', '24,0 MB')).toBe(
      '42 % · 10,0 MB de 24,0 MB · 6,0 MB/s',
    );
    expect(versionesMessages.subidaTexto('2.5.0', 25)).toBe('Se publicó la versión 2.5.0 (versionCode 25).');
  });
});
