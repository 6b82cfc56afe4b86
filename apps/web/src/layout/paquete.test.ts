import { describe, expect, it } from 'vitest';
import { paqueteNombreCorto } from './paquete.ts';

describe('latest package in the top bar', () => {
  it('cuts the last 4 characters of the name', () => {
    expect(paqueteNombreCorto('PhysisSetup-3.14.2.exe')).toBe('PhysisSetup-3.14.2');
    expect(paqueteNombreCorto('instalador.zip')).toBe('instalador');
  });

  it('never fails on names of 4 characters or fewer', () => {
    expect(paqueteNombreCorto('.exe')).toBe('');
    expect(paqueteNombreCorto('ab')).toBe('');
  });
});
