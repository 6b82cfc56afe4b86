import { servidoresResponse } from '@intranet/contract/servidores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dns, servidores } from '../../db/schema.ts';
import { bearer, createTemplate, PASSWORDS, type Template, type TestApp } from '../../test/harness.ts';

let template: Template;
let t: TestApp;
beforeAll(async () => {
  template = await createTemplate();
  t = await template.clone();
});
afterAll(async () => {
  await t.close();
  await template.close();
});

describe('GET /api/servidores', () => {
  it('answers the spec shape: datos = servers with id, nombre and dnss of {id, host}', async () => {
    const res = await t.app.inject({ url: '/api/servidores', headers: await bearer(t.app, 'tecnico', PASSWORDS.demo) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.error).toBeNull();
    expect(servidoresResponse.safeParse(body).success).toBe(true);
    const nombres = body.datos.map((s: { nombre: string }) => s.nombre);
    expect(nombres).toEqual(expect.arrayContaining(['srv-app-01', 'srv-db-01', 'srv-web-01']));
    expect(nombres).toEqual([...nombres].sort());

    const app01 = body.datos.find((s: { nombre: string }) => s.nombre === 'srv-app-01');
    expect(app01.dnss.map((d: { host: string }) => d.host)).toEqual(['api.physis.com.ar', 'app.physis.com.ar']);
    for (const d of app01.dnss) {
      expect(Object.keys(d).sort()).toEqual(['host', 'id']);
      expect(Number.isInteger(d.id)).toBe(true);
    }
    expect(app01).toMatchObject({ hostname: 'app01.physis.com.ar', estado: 'activo', proveedor: 'DonWeb' });
  });

  it('lists a server without DNS entries with an empty dnss', async () => {
    await t.db.insert(servidores).values({ nombre: 'srv-nuevo-01', estado: 'planificado' });
    const res = await t.app.inject({ url: '/api/servidores', headers: await bearer(t.app, 'admin', PASSWORDS.admin) });
    const nuevo = res.json().datos.find((s: { nombre: string }) => s.nombre === 'srv-nuevo-01');
    expect(nuevo.dnss).toEqual([]);
  });

  it('refuses a duplicate DNS host in any case (enforced by the database)', async () => {
    const [srv] = await t.db.select({ id: servidores.id }).from(servidores).limit(1);
    await expect(t.db.insert(dns).values({ servidorId: srv!.id, host: 'APP.physis.com.ar' })).rejects.toThrow();
  });
});
