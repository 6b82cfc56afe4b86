import { paqueteLast, paquetesResponse } from '@intranet/contract/paquetes';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { paquetes } from '../../db/schema.ts';
import { bearer, createTemplate, PASSWORDS, type Template, type TestApp } from '../../test/harness.ts';

let template: Template;
beforeAll(async () => {
  template = await createTemplate();
});
afterAll(() => template.close());

describe('GET /api/paquetes and /api/paquetes/last', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('answers a bare list, newest first, and the newest bare as {nombre, fecha}', async () => {
    t = await template.clone();
    const headers = await bearer(t.app, 'tecnico', PASSWORDS.demo);
    const list = await t.app.inject({ url: '/api/paquetes', headers });
    expect(list.statusCode).toBe(200);
    const items = list.json();
    expect(Array.isArray(items)).toBe(true);
    expect(paquetesResponse.safeParse(items).success).toBe(true);
    expect(items.length).toBeGreaterThanOrEqual(3);
    const fechas = items.map((p: { fecha: string }) => Date.parse(p.fecha));
    expect(fechas).toEqual([...fechas].sort((a, b) => b - a));
    expect(items[0].nombre).toMatch(/^Physis.*\.exe$/);

    const last = await t.app.inject({ url: '/api/paquetes/last', headers });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toEqual({ nombre: items[0].nombre, fecha: items[0].fecha });
    expect(paqueteLast.strict().safeParse(last.json()).success).toBe(true);
    expect(last.json().fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Date.parse(last.json().fecha)).toBeLessThan(Date.now());
  });

  it('answers null when there is no package', async () => {
    t = await template.clone();
    await t.db.delete(paquetes);
    const headers = await bearer(t.app, 'admin', PASSWORDS.admin);
    const last = await t.app.inject({ url: '/api/paquetes/last', headers });
    expect(last.statusCode).toBe(200);
    expect(last.body).toBe('null');
    expect((await t.app.inject({ url: '/api/paquetes', headers })).json()).toEqual([]);
  });

  it('is behind PACKS#VER', async () => {
    t = await template.clone();
    const res = await t.app.inject({ url: '/api/paquetes/last', headers: await bearer(t.app, 'comercial', PASSWORDS.demo) });
    expect(res.statusCode).toBe(403);
  });
});
