import { describe, expect, it } from 'vitest';
import { fechaCorta, paqueteNombreCorto } from './paquete.ts';

describe('latest package in the top bar', () => {
  it('cuts the last 4 characters of the name', () => {
    expect(paqueteNombreCorto('PhysisSetup-3.14.2.exe')).toBe('PhysisSetup-3.14.2');
    expect(paqueteNombreCorto('instalador.zip')).toBe('instalador');
  });

  it('never fails on names of 4 characters or fewer', () => {
    expect(paqueteNombreCorto('.exe')).toBe('');
    expect(paqueteNombreCorto('ab')).toBe('');
  });

  it('shows the date as dd/mm/yyyy', () => {
    expect(fechaCorta('2025-03-05T12:00:00')).toBe('05/03/2025');
  });
});
