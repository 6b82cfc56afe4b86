import { describe, expect, it } from 'vitest';
import { clavesDe, depurarVariables, FILTRADO } from './depurar.ts';

const evento = (vars: unknown) => ({
  exception: { values: [{ type: 'Error', stacktrace: { frames: [{ function: 'f', vars }] } }] },
});
const varsDe = (e: ReturnType<typeof evento>) => e.exception.values[0]!.stacktrace.frames[0]!.vars;

describe('scrubbing frames’ local variables', () => {
  it('filters the values under the default sensitive keys, whatever their case or affix', () => {
    const e = evento({
      password: 'hunter2',
      DB_PASSWD: 'x',
      clientSecret: 'y',
      api_key: 'z',
      accessToken: 'w',
      Authorization: 'Bearer q',
      sessionid: 's',
      cookies: { a: 1 },
      dsn: 'https://k@host/1',
      nombre: 'Ana',
      total: 99.5,
    });
    expect(depurarVariables(e, clavesDe([]))).toBe(true);
    expect(varsDe(e)).toEqual({
      password: FILTRADO,
      DB_PASSWD: FILTRADO,
      clientSecret: FILTRADO,
      api_key: FILTRADO,
      accessToken: FILTRADO,
      Authorization: FILTRADO,
      sessionid: FILTRADO,
      cookies: FILTRADO,
      dsn: FILTRADO,
      nombre: 'Ana',
      total: 99.5,
    });
  });

  it('filters card numbers anywhere, also nested, but not other long numbers', () => {
    const e = evento({
      pago: { tarjeta: "'4111 1111 1111 1111'", cuotas: 3 },
      lista: ['5500-0000-0000-0004', 'texto'],
      numero: 4_012_888_888_881_881,
      pedido: '1234567890123',
      telefono: '+54 11 4444-5555',
    });
    depurarVariables(e, clavesDe([]));
    expect(varsDe(e)).toEqual({
      pago: { tarjeta: FILTRADO, cuotas: 3 },
      lista: [FILTRADO, 'texto'],
      numero: FILTRADO,
      // 13 digits that fail the Luhn check: not a card.
      pedido: '1234567890123',
      telefono: '+54 11 4444-5555',
    });
  });

  it('adds the project’s own keys, compared in lower case', () => {
    const e = evento({ cuit_cliente: '20-12345678-9', Cbu: '0170', importe: 10 });
    depurarVariables(e, clavesDe(['CUIT', ' cbu ']));
    expect(varsDe(e)).toEqual({ cuit_cliente: FILTRADO, Cbu: FILTRADO, importe: 10 });
  });

  it('reads the threads’ frames too, and leaves an event without variables alone', () => {
    const hilos = { threads: { values: [{ stacktrace: { frames: [{ vars: { token: 't' } }, { function: 'g' }] } }] } };
    expect(depurarVariables(hilos, clavesDe([]))).toBe(true);
    expect(hilos.threads.values[0]!.stacktrace.frames[0]!.vars).toEqual({ token: FILTRADO });
    expect(depurarVariables({ message: 'sin pila' }, clavesDe([]))).toBe(false);
    expect(depurarVariables('no es un objeto', clavesDe([]))).toBe(false);
  });
});
