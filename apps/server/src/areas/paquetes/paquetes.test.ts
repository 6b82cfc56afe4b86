import { createHash, randomBytes } from 'node:crypto';
import { auditPage } from '@intranet/contract/areas/auditoria';
import { envelope } from '@intranet/contract/shared/envelope';
import { paqueteFila, paqueteLast, paquetePage, paquetesResponse } from '@intranet/contract/areas/paquetes';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { paquetes } from '../../db/schema.ts';
import { bearer, freshApp, PASSWORDS, type TestApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const octet = { 'content-type': 'application/octet-stream' };

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
    for (const item of items)
      expect(Object.keys(item).sort()).toEqual(['canal', 'fecha', 'id', 'nombre', 'notas', 'producto', 'version']);
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
    const res = await t.app.inject({
      url: '/api/paquetes/last',
      headers: await bearer(t.app, 'comercial', PASSWORDS.demo),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('uploading, listing, downloading and retiring packages', () => {
  const ctx = freshApp(template, ['admin'], { tmpFiles: 'intranet-paquetes-' });

  const subir = (bytes: Buffer, query: Record<string, string>) =>
    ctx.t.app.inject({
      method: 'POST',
      url: `/api/paquetes?${new URLSearchParams(query)}`,
      headers: { ...ctx.admin, ...octet },
      payload: bytes,
    });
  const lista = async (query = '') =>
    envelope(paquetePage).parse(
      (await ctx.t.app.inject({ url: `/api/paquetes/lista?${query}`, headers: ctx.admin })).json(),
    ).datos;

  it('records an upload with its checksum, size, author and audit, and it becomes the latest', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 7);
    const res = await subir(bytes, {
      nombre: 'PhysisSetup-3.16.0.exe',
      producto: 'Physis ERP',
      version: '3.16.0',
      canal: 'estable',
      notas: 'Nueva facturación',
    });
    expect(res.statusCode).toBe(201);
    const creado = envelope(paqueteFila).parse(res.json()).datos;
    expect(creado).toMatchObject({
      nombre: 'PhysisSetup-3.16.0.exe',
      version: '3.16.0',
      tamano: bytes.length,
      sha256: sha(bytes),
      tipo: 'application/octet-stream',
      publicado_por: 'Administrador',
      descargas: 0,
      retirado: null,
    });
    expect((await ctx.t.app.inject({ url: '/api/paquetes/last', headers: ctx.admin })).json()).toEqual({
      nombre: 'PhysisSetup-3.16.0.exe',
      fecha: creado.fecha,
    });
    expect((await ctx.t.app.inject({ url: '/api/paquetes', headers: ctx.admin })).json()[0].id).toBe(creado.id);
    expect((await lista()).items[0]).toEqual(creado);

    const history = await ctx.t.app.inject({
      url: `/api/auditoria?entidad=paquete&id=${creado.id}`,
      headers: ctx.admin,
    });
    const rows = envelope(auditPage).parse(history.json()).datos.items;
    expect(rows.map((r) => r.accion)).toEqual(['subir']);

    const down = await ctx.t.app.inject({ url: `/api/paquetes/${creado.id}/descarga/${creado.sha256}` });
    expect(down.statusCode).toBe(200);
    expect(sha(down.rawPayload)).toBe(sha(bytes));
    expect(down.headers['content-disposition']).toBe('attachment; filename=PhysisSetup-3.16.0.exe');
    expect(
      (await ctx.t.app.inject({ url: `/api/paquetes/${creado.id}`, headers: ctx.admin })).json().datos.descargas,
    ).toBe(1);
    expect((await ctx.t.app.inject({ url: `/api/paquetes/${creado.id}/descarga/${'0'.repeat(64)}` })).statusCode).toBe(
      404,
    );
  });

  it('keeps the same content once when two packages carry it', async () => {
    const bytes = randomBytes(64 * 1024);
    const a = envelope(paqueteFila).parse((await subir(bytes, { nombre: 'a.exe' })).json()).datos;
    const b = envelope(paqueteFila).parse((await subir(bytes, { nombre: 'b.exe', canal: 'beta' })).json()).datos;
    expect(b.archivo_id).toBe(a.archivo_id);
    expect(b.id).not.toBe(a.id);
    const down = await ctx.t.app.inject({ url: `/api/paquetes/${b.id}/descarga/${b.sha256}` });
    expect(down.headers['content-disposition']).toBe('attachment; filename=b.exe');
  });

  it('validates the fields before reading the file: a bad version or channel answers 400 on its field', async () => {
    const res = await subir(Buffer.from('x'), { nombre: 'x.exe', version: 'tres', canal: 'nocturno' });
    expect(res.statusCode).toBe(400);
    expect(res.headers.connection).toBe('close');
    expect(res.json().campos).toEqual({
      version: ['Número de versión inválido (por ejemplo 3.14.2 o 3.15.0-beta1)'],
      canal: ['Canal inválido'],
    });
  });

  it('sorts versions as versions (3.10 after 3.9) and filters by product and channel', async () => {
    for (const version of ['3.9', '3.10', '3.9.1']) {
      expect(
        (await subir(randomBytes(100), { nombre: `Orden-${version}.exe`, producto: 'Orden', version })).statusCode,
      ).toBe(201);
    }
    const asc = await lista('producto=orden&sort=version');
    expect(asc.items.map((p) => p.version)).toEqual(['3.9', '3.9.1', '3.10']);
    const desc = await lista('producto=Orden&sort=-version');
    expect(desc.items.map((p) => p.version)).toEqual(['3.10', '3.9.1', '3.9']);
    expect((await lista('canal=beta')).items.every((p) => p.canal === 'beta')).toBe(true);
    expect((await lista('q=Orden-3.10')).items.map((p) => p.nombre)).toEqual(['Orden-3.10.exe']);
  });

  it('edits the fields, retires (out of the lists and /last, still downloadable) and restores', async () => {
    const bytes = randomBytes(1000);
    const nuevo = envelope(paqueteFila).parse(
      (await subir(bytes, { nombre: 'Ultimo-9.9.exe', version: '9.9' })).json(),
    ).datos;
    const put = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/paquetes/${nuevo.id}`,
      headers: ctx.admin,
      payload: { nombre: 'Ultimo-9.9.1.exe', version: '9.9.1', canal: 'hotfix', producto: 'X', notas: '' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().datos).toMatchObject({
      nombre: 'Ultimo-9.9.1.exe',
      version: '9.9.1',
      canal: 'hotfix',
      notas: null,
      sha256: sha(bytes),
    });

    expect((await ctx.t.app.inject({ url: '/api/paquetes/last', headers: ctx.admin })).json().nombre).toBe(
      'Ultimo-9.9.1.exe',
    );
    const retirar = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/paquetes/${nuevo.id}/retirar`,
      headers: ctx.admin,
    });
    expect(retirar.statusCode).toBe(200);
    expect(retirar.json().datos.retirado).not.toBeNull();
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: `/api/paquetes/${nuevo.id}/retirar`, headers: ctx.admin }))
        .statusCode,
    ).toBe(409);

    expect((await ctx.t.app.inject({ url: '/api/paquetes/last', headers: ctx.admin })).json().nombre).not.toBe(
      'Ultimo-9.9.1.exe',
    );
    expect(
      (await ctx.t.app.inject({ url: '/api/paquetes', headers: ctx.admin })).json().map((p: { id: number }) => p.id),
    ).not.toContain(nuevo.id);
    expect((await lista('size=200')).items.map((p) => p.id)).not.toContain(nuevo.id);
    expect((await lista('retirados=true')).items.map((p) => p.id)).toEqual([nuevo.id]);
    const down = await ctx.t.app.inject({ url: `/api/paquetes/${nuevo.id}/descarga/${nuevo.sha256}` });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(bytes)).toBe(true);

    expect(
      (await ctx.t.app.inject({ method: 'POST', url: `/api/paquetes/${nuevo.id}/restaurar`, headers: ctx.admin }))
        .statusCode,
    ).toBe(200);
    expect((await ctx.t.app.inject({ url: '/api/paquetes/last', headers: ctx.admin })).json().nombre).toBe(
      'Ultimo-9.9.1.exe',
    );
    const history = envelope(auditPage).parse(
      (await ctx.t.app.inject({ url: `/api/auditoria?entidad=paquete&id=${nuevo.id}`, headers: ctx.admin })).json(),
    );
    expect(history.datos.items.map((r) => r.accion)).toEqual(['restaurar', 'retirar', 'modificar', 'subir']);
  });

  it('exports the filtered list as CSV', async () => {
    const res = await ctx.t.app.inject({
      url: '/api/paquetes/export.csv?producto=Orden&sort=version',
      headers: ctx.admin,
    });
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Versión)).toEqual(['3.9', '3.9.1', '3.10']);
    expect(rows[0]!['SHA-256']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses writes to a user with PACKS#VER only', async () => {
    const tecnico = await bearer(ctx.t.app, 'tecnico', PASSWORDS.demo);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/paquetes?nombre=x.exe',
      headers: { ...tecnico, ...octet },
      payload: Buffer.from('x'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers.connection).toBe('close');
  });
});
