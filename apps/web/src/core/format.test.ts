import { describe, expect, it } from 'vitest';
import { formatBytes, formatFecha, formatFechaHora, formatNumero } from './format.ts';

describe('formatFecha', () => {
  it('shows a calendar date as dd/mm/aaaa, whatever the time zone', () => {
    expect(formatFecha('2026-03-05')).toBe('05/03/2026');
    expect(formatFecha('1999-12-31')).toBe('31/12/1999');
  });

  it('shows an instant as its local day', () => {
    expect(formatFecha('2025-03-05T12:00:00')).toBe('05/03/2025');
  });
});

describe('formatFechaHora', () => {
  it('shows an instant in the zone asked for, whatever the browser’s', () => {
    expect(formatFechaHora('2026-11-25T16:00:00Z', { zona: 'America/Argentina/Buenos_Aires' })).toBe(
      '25/11/2026 13:00',
    );
    expect(formatFechaHora('2026-11-25T03:30:05Z', { zona: 'UTC', segundos: true })).toBe('25/11/2026 03:30:05');
  });

  it('shows dd/mm/aaaa hh:mm, with seconds when asked', () => {
    expect(formatFechaHora('2025-03-05T08:07:09')).toBe('05/03/2025 08:07');
    expect(formatFechaHora('2025-03-05T08:07:09', { segundos: true })).toBe('05/03/2025 08:07:09');
  });
});

describe('formatNumero', () => {
  it('groups thousands with a dot', () => {
    expect(formatNumero(1234567)).toBe('1.234.567');
    expect(formatNumero(12)).toBe('12');
  });
});

describe('formatBytes', () => {
  it('uses powers of 1024, a comma and one decimal below 100', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(5155)).toBe('5,0 KB');
    expect(formatBytes(24 * 1024 * 1024)).toBe('24,0 MB');
    expect(formatBytes(12.4 * 1024 * 1024)).toBe('12,4 MB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3,0 TB');
  });

  it('shows a dash when the size is unknown', () => {
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(undefined)).toBe('—');
  });
});
