import { describe, expect, it } from 'vitest';
import { ALIAS_MAXIMO, aliasDe, solicitudInput } from './solicitudes.ts';

describe('the alias a request suggests', () => {
  it('is a clean slug: no accents, no hyphen at either end, words joined by one hyphen', () => {
    expect(aliasDe('physis Distribuidora del Litoral S.R.L.')).toBe('physis-distribuidora-del-litoral-s-r-l');
    expect(aliasDe('  Panadería «La Ñata» — Córdoba  ')).toBe('panaderia-la-nata-cordoba');
    expect(aliasDe('physis-distribuidora-del-litoral-s-r-')).toBe('physis-distribuidora-del-litoral-s-r');
  });

  it('is at most 64 characters, cut where a word ends, and always a valid alias', () => {
    const largo = aliasDe('physis Cooperativa de Trabajo Agropecuario y de Servicios Públicos del Litoral Limitada');
    expect(largo.length).toBeLessThanOrEqual(ALIAS_MAXIMO);
    expect(largo).toBe('physis-cooperativa-de-trabajo-agropecuario-y-de-servicios');
    expect(aliasDe('x'.repeat(80))).toHaveLength(ALIAS_MAXIMO);
    for (const alias of [largo, aliasDe('Ñandú S.A.')]) {
      expect(solicitudInput.safeParse({ empresa_id: 1, alias, ambiente: 'produccion' }).success, alias).toBe(true);
    }
  });
});
