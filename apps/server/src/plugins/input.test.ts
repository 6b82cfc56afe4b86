import { describe, expect, it } from 'vitest';
import { freshApp, useTemplate } from '../test/harness.ts';
import { camposNoAdmitidos, MAX_ANIDAMIENTO } from './input.ts';

const NO_ADMITIDO = 'Contiene caracteres no admitidos (carácter nulo o Unicode inválido)';

describe('camposNoAdmitidos', () => {
  it('names every field that holds NUL or half a surrogate pair, by its dotted path', () => {
    expect(
      camposNoAdmitidos({
        query: { q: 'a\u0000b', ok: 'ñandú 😀' },
        body: { nombre: '\ud800', items: [{ nota: 'x\udc00' }], bien: '\ud83d\ude00' },
      }),
    ).toEqual({ q: [NO_ADMITIDO], nombre: [NO_ADMITIDO], 'items.0.nota': [NO_ADMITIDO] });
  });

  it('names a key that holds NUL, and a __proto__ field is just a field', () => {
    const body = JSON.parse('{"__proto__":{"x":"a\\u0000"},"a\\u0000b":1}') as unknown;
    expect(camposNoAdmitidos({ body })).toEqual({ '__proto__.x': [NO_ADMITIDO], 'a\uFFFDb': [NO_ADMITIDO] });
  });

  it('refuses a value nested deeper than any form or document, without walking it', () => {
    let deep: unknown = 'hoja';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(Object.values(camposNoAdmitidos({ body: deep }))).toEqual([
      [`Tiene más de ${MAX_ANIDAMIENTO} niveles de anidamiento`],
    ]);
  });

  it('leaves buffers and streams to their routes', () => {
    expect(camposNoAdmitidos({ body: Buffer.from('a\u0000b') })).toEqual({});
  });
});

describe('hostile text where it enters, on every route', () => {
  const ctx = freshApp(useTemplate(), ['admin']);

  it('a NUL in a public path parameter is a 400 naming it, not the database refusing it', async () => {
    const res = await ctx.t.app.inject({ url: '/api/store/iconos/a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Datos inválidos', datos: null, campos: { package_name: [NO_ADMITIDO] } });
  });

  it('a NUL in a search or a JSON field is a 400 naming the field, and nothing is written', async () => {
    const lista = await ctx.t.app.inject({ url: '/api/productos?q=a%00b', headers: ctx.admin });
    expect(lista.statusCode).toBe(400);
    expect(lista.json<{ campos: unknown }>().campos).toEqual({ q: [NO_ADMITIDO] });
    const antes = (await ctx.t.app.inject({ url: '/api/productos', headers: ctx.admin })).json<{
      datos: { total: number };
    }>().datos.total;
    const alta = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/productos',
      headers: ctx.admin,
      payload: { codigo: 'NUL1', nombre: 'a\u0000b', tipo: 'producto', activo: true },
    });
    expect(alta.statusCode).toBe(400);
    expect(alta.json<{ campos: Record<string, string[]> }>().campos.nombre).toEqual([NO_ADMITIDO]);
    const despues = (await ctx.t.app.inject({ url: '/api/productos', headers: ctx.admin })).json<{
      datos: { total: number };
    }>().datos.total;
    expect(despues).toBe(antes);
  });

  it('a lone surrogate is a 400; over-long and broken UTF-8 never reach the database as such', async () => {
    const surrogate = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/productos',
      headers: { ...ctx.admin, 'content-type': 'application/json' },
      payload: '{"nombre":"\\ud800"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json<{ campos: Record<string, string[]> }>().campos.nombre).toEqual([NO_ADMITIDO]);
    for (const url of [
      '/api/productos?q=%C0%80',
      '/api/productos?q=%ED%A0%80',
      '/api/productos/%C0%80',
      '/api/productos/%ED%A0%80',
      '/api/store/iconos/%C0%80',
    ]) {
      const res = await ctx.t.app.inject({ url, headers: ctx.admin });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json<{ error: string | null }>(), url).toHaveProperty('error');
    }
  });

  it('an id beyond the database integer is an invalid id, not a failed query', async () => {
    const res = await ctx.t.app.inject({ url: '/api/personas?responsable_id=2147483648', headers: ctx.admin });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ campos: Record<string, string[]> }>().campos.responsable_id).toEqual(['Id inválido']);
    expect((await ctx.t.app.inject({ url: '/api/productos/99999999999', headers: ctx.admin })).statusCode).toBe(400);
  });
});
