import { describe, expect, it } from 'vitest';
import { storeConfigInput } from '@intranet/contract/areas/appsstore';
import { arrayError, toFormValues } from './configValues.ts';
import { appsstoreMessages as t } from './messages.ts';

describe('toFormValues', () => {
  it('turns a stored configuration into form values the contract accepts unchanged', () => {
    const values = toFormValues({
      nombre: 'Tienda',
      canales: ['estable'],
      destacadas: [3, 1],
      destacadas_detalle: [],
      version_minima: null,
      mantenimiento: { activo: false, mensaje: null, desde: null },
      actualizado: null,
    });
    expect(values).toEqual({
      nombre: 'Tienda',
      canales: ['estable'],
      destacadas: [3, 1],
      version_minima: '',
      mantenimiento: { activo: false, mensaje: '' },
    });
    expect(storeConfigInput.parse(values)).toEqual({
      ...values,
      version_minima: null,
      mantenimiento: { activo: false, mensaje: null },
    });
  });
});

describe('arrayError', () => {
  it('reads the field error of an array, its own or its first item', () => {
    expect(arrayError(undefined)).toBeUndefined();
    expect(arrayError({ message: 'Elija al menos un canal' })).toBe('Elija al menos un canal');
    expect(arrayError([undefined, { message: 'Aplicación inválida' }])).toBe('Aplicación inválida');
  });
});

describe('messages', () => {
  it('counts downloads in Spanish', () => {
    expect(t.descargas(1)).toBe('1 descarga');
    expect(t.descargas(1234)).toBe('1.234 descargas');
  });
});
