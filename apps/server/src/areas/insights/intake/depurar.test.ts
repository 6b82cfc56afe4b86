import { describe, expect, it } from 'vitest';
import { clavesDe, depurarEvento, FILTRADO } from './depurar.ts';

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
    expect(depurarEvento(e, clavesDe([]))).toBe(true);
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
    depurarEvento(e, clavesDe([]));
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
    depurarEvento(e, clavesDe(['CUIT', ' cbu ']));
    expect(varsDe(e)).toEqual({ cuit_cliente: FILTRADO, Cbu: FILTRADO, importe: 10 });
  });

  it('reads the threads’ frames too, and answers false for an event with nothing to filter', () => {
    const hilos = { threads: { values: [{ stacktrace: { frames: [{ vars: { token: 't' } }, { function: 'g' }] } }] } };
    expect(depurarEvento(hilos, clavesDe([]))).toBe(true);
    expect(hilos.threads.values[0]!.stacktrace.frames[0]!.vars).toEqual({ token: FILTRADO });
    expect(depurarEvento({ message: 'sin pila' }, clavesDe([]))).toBe(false);
    expect(depurarEvento('no es un objeto', clavesDe([]))).toBe(false);
  });
});

describe('scrubbing the rest of an event', () => {
  const sensible = () => ({
    message: 'x',
    request: {
      url: 'https://a.test/pagar?token=abc123&pagina=2#resumen',
      method: 'POST',
      query_string: 'access_token=xyz&orden=fecha',
      headers: { 'User-Agent': 'Mozilla/5.0', Authorization: 'Bearer s3cr3t', 'X-Api-Key': 'k', Accept: '*/*' },
      cookies: 'sessionid=abc; tema=oscuro',
      data: { usuario: 'ana', password: 'hunter2', tarjeta: '4111 1111 1111 1111', cuotas: 3 },
      env: { REMOTE_ADDR: '10.0.0.1', SECRET_KEY: 'django' },
    },
    user: { id: '7', email: 'ana@cliente.com.ar', data: { refresh_token: 'r' } },
    extra: { pedido: 'A-1', stripe_secret: 'sk_live' },
    contexts: {
      device: { model: 'SM-S918B', storage_size: 1_099_511_627_776 },
      estado: { auth: { jwt: 'e.y.j' }, carrito: ['5500-0000-0000-0004'] },
    },
    breadcrumbs: {
      values: [
        { category: 'fetch', data: { url: '/api/x?_=1732900000008&p=1', Authorization: 'Bearer b' } },
        { category: 'ui.click', message: 'button#pagar' },
      ],
    },
  });

  it('filters the request, user, extra, contexts and breadcrumbs, and keeps what is not sensitive as sent', () => {
    const e = sensible();
    expect(depurarEvento(e, clavesDe([]))).toBe(true);
    expect(e.request).toEqual({
      url: 'https://a.test/pagar?token=[Filtered]&pagina=2#resumen',
      method: 'POST',
      query_string: 'access_token=[Filtered]&orden=fecha',
      headers: { 'User-Agent': 'Mozilla/5.0', Authorization: FILTRADO, 'X-Api-Key': FILTRADO, Accept: '*/*' },
      cookies: FILTRADO,
      data: { usuario: 'ana', password: FILTRADO, tarjeta: FILTRADO, cuotas: 3 },
      env: { REMOTE_ADDR: '10.0.0.1', SECRET_KEY: FILTRADO },
    });
    expect(e.user).toEqual({ id: '7', email: 'ana@cliente.com.ar', data: { refresh_token: FILTRADO } });
    expect(e.extra).toEqual({ pedido: 'A-1', stripe_secret: FILTRADO });
    // A number of 13 digits outside the frames' variables is a size or an instant, never taken for a card.
    expect(e.contexts).toEqual({
      device: { model: 'SM-S918B', storage_size: 1_099_511_627_776 },
      estado: { auth: FILTRADO, carrito: [FILTRADO] },
    });
    expect(e.breadcrumbs.values).toEqual([
      // A text keeps all but the card number in it (here an instant in milliseconds that passes the Luhn check).
      { category: 'fetch', data: { url: '/api/x?_=[Filtered]&p=1', Authorization: FILTRADO } },
      { category: 'ui.click', message: 'button#pagar' },
    ]);
  });

  it('reads headers sent as pairs, a query with its question mark, and a project’s own keys', () => {
    const e = {
      request: {
        headers: [
          ['Cookie', 'a=1'],
          ['Accept', 'text/html'],
        ],
        query_string: '?cuit=20-12345678-9&pagina=1',
      },
    };
    expect(depurarEvento(e, clavesDe(['cuit']))).toBe(true);
    expect(e.request).toEqual({
      headers: [
        ['Cookie', FILTRADO],
        ['Accept', 'text/html'],
      ],
      query_string: 'cuit=[Filtered]&pagina=1',
    });
  });

  it('answers false and changes nothing where nothing is sensitive, so the text as sent is kept', () => {
    const e = {
      request: { url: 'https://a.test/?pagina=2', query_string: 'pagina=2', headers: { Accept: '*/*' } },
      contexts: { os: { name: 'Android', version: '14' } },
      breadcrumbs: [{ data: { url: '/api/x', status_code: 200 } }],
    };
    const antes = structuredClone(e);
    expect(depurarEvento(e, clavesDe([]))).toBe(false);
    expect(e).toEqual(antes);
    // Filtered already (an event sent again after it was stored): nothing more to change.
    expect(depurarEvento({ extra: { password: FILTRADO } }, clavesDe([]))).toBe(false);
  });
});
