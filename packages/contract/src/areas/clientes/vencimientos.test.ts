import { describe, expect, it } from 'vitest';
import {
  diasRestantesTexto,
  ESTADO_COLOR,
  estadoVencimiento,
  fechaCorta,
  licenciaInput,
  puntoVentaInput,
} from './vencimientos.ts';

const color = (dias: number) => ESTADO_COLOR[estadoVencimiento(dias)];

describe('estadoVencimiento: the colour of an expiry', () => {
  it('is red once expired, orange from today to 30 days, yellow to 90, green beyond', () => {
    expect(color(-365)).toBe('red');
    expect(color(-1)).toBe('red');
    expect(color(0)).toBe('orange');
    expect(color(1)).toBe('orange');
    expect(color(30)).toBe('orange');
    expect(color(31)).toBe('yellow');
    expect(color(90)).toBe('yellow');
    expect(color(91)).toBe('green');
    expect(color(3650)).toBe('green');
  });
});

describe('diasRestantesTexto', () => {
  it('says "Vencido hace N días" for negative days', () => {
    expect(diasRestantesTexto(-1)).toBe('Vencido hace 1 día');
    expect(diasRestantesTexto(-12)).toBe('Vencido hace 12 días');
    expect(diasRestantesTexto(0)).toBe('Vence hoy');
    expect(diasRestantesTexto(1)).toBe('1 día');
    expect(diasRestantesTexto(45)).toBe('45 días');
  });
  it('writes dates as dd/mm/aaaa', () => {
    expect(fechaCorta('2026-03-09')).toBe('09/03/2026');
  });
});

describe('inputs', () => {
  it('a yearly licence needs an expiry after its start; a perpetual one does not', () => {
    const base = { empresa_id: 1, producto_id: 1, usuarios: 3, inicio: '2026-01-01' };
    expect(licenciaInput.safeParse({ ...base, tipo: 'perpetua' }).success).toBe(true);
    const sin = licenciaInput.safeParse({ ...base, tipo: 'anual' });
    expect(sin.success).toBe(false);
    expect(sin.error?.issues[0]?.path).toEqual(['vence']);
    expect(licenciaInput.safeParse({ ...base, tipo: 'anual', vence: '2025-12-31' }).success).toBe(false);
    expect(licenciaInput.safeParse({ ...base, tipo: 'anual', vence: '2027-01-01' }).success).toBe(true);
  });
  it('a CAI point of sale needs the CAI expiry', () => {
    expect(puntoVentaInput.safeParse({ empresa_id: 1, numero: 2, modalidad: 'cai' }).success).toBe(false);
    expect(puntoVentaInput.safeParse({ empresa_id: 1, numero: 2, modalidad: 'cae' }).success).toBe(true);
  });
});
