import { describe, expect, it } from 'vitest';
import { errorDeValor, parametroInput } from './clientes.ts';

describe('parameter values by type', () => {
  it('checks each type', () => {
    expect(errorDeValor('numero', '12.5')).toBeNull();
    expect(errorDeValor('numero', 'doce')).toBe('Debe ser un número');
    expect(errorDeValor('booleano', 'true')).toBeNull();
    expect(errorDeValor('booleano', 'si')).toBe('Debe ser sí o no');
    expect(errorDeValor('ruta', 'C:\\Physis\\datos')).toBeNull();
    expect(errorDeValor('ruta', '\\\\srv01\\backup')).toBeNull();
    expect(errorDeValor('ruta', '/var/physis')).toBeNull();
    expect(errorDeValor('ruta', 'datos')).not.toBeNull();
    expect(errorDeValor('url', 'https://afip.gob.ar/ws')).toBeNull();
    expect(errorDeValor('url', 'afip.gob.ar')).not.toBeNull();
    expect(errorDeValor('secreto', '')).toBe('Este campo es requerido');
    expect(errorDeValor('texto', '')).toBeNull();
  });

  it('reports the error on valor', () => {
    const r = parametroInput.safeParse({ grupo: 'General', clave: 'puerto', tipo: 'numero', valor: 'x' });
    expect(r.error?.issues[0]?.path).toEqual(['valor']);
  });
});
