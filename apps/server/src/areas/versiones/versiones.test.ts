import { createHash, randomBytes } from 'node:crypto';
import { auditPage } from '@intranet/contract/areas/auditoria';
import { envelope } from '@intranet/contract/shared/envelope';
import { changelog, versionDetalle, versionPage } from '@intranet/contract/areas/versiones';
import { parse } from 'csv-parse/sync';
import { emptyDocument } from '@intranet/editor';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productos } from '../../db/schema.ts';
import { bearer, createUser, freshApp, PASSWORDS, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const notas = (texto: string) => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2, align: null }, content: [{ type: 'text', text: 'Novedades' }] },
    {
      type: 'paragraph',
      attrs: { align: null },
      content: [{ type: 'text', text: texto, marks: [{ type: 'strong' }] }],
    },
  ],
});

describe('versiones', () => {
  let producto: number;
  let otro: number;
  const ctx = freshApp(template, ['admin'], {
    tmpFiles: 'intranet-versiones-',
    setup: async ({ t }) => {
      // Products of their own, so the seeded versions stay out of the counts.
      const rows = await t.db
        .insert(productos)
        .values(
          ['TEST-A', 'TEST-B'].map((codigo) => ({
            codigo,
            nombre: `Producto ${codigo}`,
            tipo: 'escritorio' as const,
            descripcion: emptyDocument(),
          })),
        )
        .returning({ id: productos.id });
      producto = rows[0]!.id;
      otro = rows[1]!.id;
    },
  });

  const crear = (body: Record<string, unknown>) =>
    ctx.t.app.inject({ method: 'POST', url: '/api/versiones', headers: ctx.admin, payload: body });
  const estado = (id: number, e: string) =>
    ctx.t.app.inject({
      method: 'POST',
      url: `/api/versiones/${id}/estado`,
      headers: ctx.admin,
      payload: { estado: e },
    });
  const lista = async (query: string) =>
    envelope(versionPage).parse((await ctx.t.app.inject({ url: `/api/versiones?${query}`, headers: ctx.admin })).json())
      .datos;

  it('creates a draft with rich-text notes, answers them rendered, and refuses bad input on its fields', async () => {
    const res = await crear({
      producto_id: producto,
      numero: '7.0.0',
      canal: 'estable',
      notas: notas('Facturación nueva'),
    });
    expect(res.statusCode).toBe(201);
    const v = envelope(versionDetalle).parse(res.json()).datos;
    expect(v).toMatchObject({
      numero: '7.0.0',
      estado: 'borrador',
      fecha_publicacion: null,
      assets: 0,
      assets_lista: [],
    });
    expect(v.notas_html).toBe('<h2>Novedades</h2><p><strong>Facturación nueva</strong></p>');

    const bad = await crear({
      producto_id: producto,
      numero: 'siete',
      canal: 'nocturno',
      notas: { type: 'doc', content: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().campos).sort()).toEqual(['canal', 'notas', 'numero']);
    const dup = await crear({ producto_id: producto, numero: '7.0.0', canal: 'beta', notas: null });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().campos).toEqual({ numero: ['El producto ya tiene esa versión'] });
    const sinProducto = await crear({ producto_id: 999_999, numero: '1.0', canal: 'beta', notas: null });
    expect(sinProducto.statusCode).toBe(409);
    expect(sinProducto.json().campos).toEqual({ producto_id: ['El producto elegido no existe'] });
  });

  it('enforces the transitions: draft → published → retired → published, nothing else', async () => {
    const v = (await crear({ producto_id: producto, numero: '7.1.0', canal: 'beta', notas: notas('Beta') })).json()
      .datos;
    const retirarBorrador = await estado(v.id, 'retirada');
    expect(retirarBorrador.statusCode).toBe(409);
    expect(retirarBorrador.json().error).toBe('Una versión borrador no puede pasar a retirada');

    const pub = await estado(v.id, 'publicada');
    expect(pub.statusCode).toBe(200);
    expect(pub.json().datos.estado).toBe('publicada');
    const fecha = pub.json().datos.fecha_publicacion;
    expect(Date.parse(fecha)).toBeLessThanOrEqual(Date.now());
    expect((await estado(v.id, 'borrador')).statusCode).toBe(409);
    expect((await estado(v.id, 'publicada')).statusCode).toBe(409);
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/versiones/${v.id}`, headers: ctx.admin })).statusCode,
    ).toBe(409);

    expect((await estado(v.id, 'retirada')).json().datos.estado).toBe('retirada');
    const edit = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/versiones/${v.id}`,
      headers: ctx.admin,
      payload: { producto_id: producto, numero: '7.1.0', canal: 'beta', notas: null },
    });
    expect(edit.statusCode).toBe(409);
    const again = await estado(v.id, 'publicada');
    expect(again.json().datos).toMatchObject({ estado: 'publicada', fecha_publicacion: fecha });

    const history = envelope(auditPage).parse(
      (await ctx.t.app.inject({ url: `/api/auditoria?entidad=version&id=${v.id}`, headers: ctx.admin })).json(),
    );
    expect(history.datos.items.map((r) => r.accion)).toEqual(['publicar', 'retirar', 'publicar', 'crear']);
  });

  it('sorts numbers as versions (3.10 after 3.9) per product and across products, and filters', async () => {
    for (const numero of ['3.9', '3.10', '3.9.5', '3.10.0-beta1']) {
      expect((await crear({ producto_id: otro, numero, canal: 'estable', notas: null })).statusCode).toBe(201);
    }
    expect((await lista(`producto=${otro}&sort=numero`)).items.map((v) => v.numero)).toEqual([
      '3.9',
      '3.9.5',
      '3.10.0-beta1',
      '3.10',
    ]);
    expect((await lista(`producto=${otro}&sort=-numero`)).items.map((v) => v.numero)).toEqual([
      '3.10',
      '3.10.0-beta1',
      '3.9.5',
      '3.9',
    ]);
    const todas = await lista('size=200&sort=producto');
    expect(todas.items.map((v) => v.producto_id)).toEqual(expect.arrayContaining([producto, otro]));
    expect(todas.items.map((v) => v.producto)).toEqual(
      [...todas.items.map((v) => v.producto)].sort((a, b) => a.localeCompare(b)),
    );
    expect((await lista(`producto=${producto}&estado=publicada`)).items.map((v) => v.numero)).toEqual(['7.1.0']);
    expect((await lista('q=3.9.5')).items.map((v) => v.numero)).toEqual(['3.9.5']);
    const csv = await ctx.t.app.inject({
      url: `/api/versiones/export.csv?producto=${otro}&sort=numero`,
      headers: ctx.admin,
    });
    const rows = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Versión)).toEqual(['3.9', '3.9.5', '3.10.0-beta1', '3.10']);
  });

  it('attaches files (streamed to the store), lists them with their links, and detaches them', async () => {
    const v = (await crear({ producto_id: producto, numero: '7.2.0', canal: 'estable', notas: null })).json().datos;
    const bytes = randomBytes(2 * 1024 * 1024);
    const up = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/versiones/${v.id}/assets?nombre=Setup-7.2.0.exe`,
      headers: { ...ctx.admin, 'content-type': 'application/vnd.microsoft.portable-executable' },
      payload: bytes,
    });
    expect(up.statusCode).toBe(201);
    const [asset] = up.json().datos.assets_lista;
    expect(asset).toMatchObject({
      nombre: 'Setup-7.2.0.exe',
      sha256: sha(bytes),
      tamano: bytes.length,
      tipo: 'application/vnd.microsoft.portable-executable',
    });
    expect(asset.descarga).toBe(`/api/archivos/${sha(bytes)}?nombre=Setup-7.2.0.exe`);
    const down = await ctx.t.app.inject({ url: asset.descarga });
    expect(sha(down.rawPayload)).toBe(sha(bytes));
    expect(down.headers['content-disposition']).toBe('attachment; filename=Setup-7.2.0.exe');

    const dup = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/versiones/${v.id}/assets?nombre=setup-7.2.0.EXE`,
      headers: ctx.admin,
      payload: Buffer.from('x'),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().campos).toEqual({ nombre: ['La versión ya tiene un archivo con ese nombre'] });

    const quitar = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/versiones/${v.id}/assets/${asset.id}`,
      headers: ctx.admin,
    });
    expect(quitar.json().datos.assets_lista).toEqual([]);
    expect(
      (
        await ctx.t.app.inject({
          method: 'DELETE',
          url: `/api/versiones/${v.id}/assets/${asset.id}`,
          headers: ctx.admin,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/versiones/${v.id}`, headers: ctx.admin })).statusCode,
    ).toBe(200);
    expect((await ctx.t.app.inject({ url: `/api/versiones/${v.id}`, headers: ctx.admin })).statusCode).toBe(404);
  });

  it('shows the changelog (published only, newest version first, notes rendered) to any session', async () => {
    const v = (await crear({ producto_id: producto, numero: '7.10.0', canal: 'estable', notas: notas('Diez') })).json()
      .datos;
    await estado(v.id, 'publicada');
    await crear({ producto_id: producto, numero: '7.11.0', canal: 'estable', notas: notas('Borrador, no figura') });
    await createUser(ctx.t.db, { usuario: 'solo-sesion', password: 'clave', codigos: [] });
    const anyone = await bearer(ctx.t.app, 'solo-sesion', 'clave');
    expect((await ctx.t.app.inject({ url: `/api/versiones/${v.id}`, headers: anyone })).statusCode).toBe(403);

    const res = await ctx.t.app.inject({ url: `/api/versiones/changelog/${producto}`, headers: anyone });
    expect(res.statusCode).toBe(200);
    const body = envelope(changelog).parse(res.json()).datos;
    expect(body.versiones.map((x) => x.numero)).toEqual(['7.10.0', '7.1.0']);
    expect(body.versiones[0]!.notas_html).toBe('<h2>Novedades</h2><p><strong>Diez</strong></p>');
    const productosCon = (await ctx.t.app.inject({ url: '/api/versiones/changelog', headers: anyone })).json().datos;
    expect(productosCon).toContainEqual(expect.objectContaining({ id: producto, publicadas: 2 }));
    expect(productosCon.map((x: { id: number }) => x.id)).not.toContain(otro);
    expect((await ctx.t.app.inject({ url: '/api/versiones/changelog/999999', headers: anyone })).statusCode).toBe(404);
  });

  it('lists the products for the filter and the form to PACKS#VER', async () => {
    const tecnico = await bearer(ctx.t.app, 'tecnico', PASSWORDS.demo);
    const res = await ctx.t.app.inject({ url: '/api/versiones/productos', headers: tecnico });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos).toContainEqual({
      id: producto,
      codigo: 'TEST-A',
      nombre: 'Producto TEST-A',
      activo: true,
    });
    const limite = await ctx.t.app.inject({ url: '/api/archivos/limite', headers: tecnico });
    expect(limite.json().datos).toEqual({ max_bytes: ctx.t.config.uploadMaxBytes });
  });

  it('keeps a product with versions from being deleted', async () => {
    const res = await ctx.t.app.inject({ method: 'DELETE', url: `/api/productos/${producto}`, headers: ctx.admin });
    expect(res.statusCode).toBe(409);
    expect((await ctx.t.db.select().from(productos).where(eq(productos.id, producto))).length).toBe(1);
  });
});
