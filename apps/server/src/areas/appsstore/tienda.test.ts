import { createHash } from 'node:crypto';
import {
  STORE_RETRY_AFTER,
  storeCatalogo,
  storeEstado,
  storeIndex,
  storeMantenimientoBody,
} from '@intranet/contract/areas/appsstore';
import { envelope } from '@intranet/contract/shared/envelope';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aplicaciones, aplicacionVersiones, appsstoreConfig, appsstoreDestacadas } from '../../db/schema.ts';
import { bearer, freshApp, PASSWORDS, useTemplate } from '../../test/harness.ts';
import { apkBytes, crearApp, vaciarCatalogo } from './test-apps.ts';

let ventas: { id: number; versiones: Map<number, number> };
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const dia = (d: number) => new Date(Date.UTC(2026, 0, d));

const template = useTemplate();
const ctx = freshApp(template, [], {
  tmpFiles: 'intranet-tienda-',
  setup: async ({ t, filesDir }) => {
    await vaciarCatalogo(t.db);
    ventas = await crearApp(t.db, filesDir, {
      packageName: 'com.physis.ventas',
      nombre: 'Ventas',
      resumen: 'Pedidos en la calle',
      categoria: 'Gestión',
      icono: true,
      descripcion: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            attrs: { align: null },
            content: [{ type: 'text', text: 'Hola <script>', marks: [{ type: 'strong' }] }],
          },
        ],
      },
      versiones: [
        { code: 10, name: '1.0', canal: 'estable', fecha: dia(1) },
        { code: 12, name: '1.2', canal: 'estable', fecha: dia(5), novedades: 'Más rápido' },
        { code: 13, name: '1.3-beta', canal: 'beta', fecha: dia(9), minSdk: null },
        { code: 14, name: '1.4-beta', canal: 'beta', publicada: false, fecha: dia(10) },
      ],
    });
    const stock = await crearApp(t.db, filesDir, {
      packageName: 'com.physis.stock',
      nombre: 'Stock',
      versiones: [{ code: 3, name: '0.3', canal: 'beta', fecha: dia(2) }],
    });
    await crearApp(t.db, filesDir, {
      packageName: 'com.physis.borrador',
      nombre: 'Borrador',
      publicada: false,
      versiones: [{ code: 1, name: '0.1', canal: 'estable' }],
    });
    await t.db.insert(appsstoreDestacadas).values({ aplicacionId: stock.id, orden: 0 });
  },
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.t.app.inject({ url, headers });
const descargas = async (code: number) =>
  (
    await ctx.t.db
      .select({ n: aplicacionVersiones.descargas })
      .from(aplicacionVersiones)
      .where(eq(aplicacionVersiones.id, ventas.versiones.get(code)!))
  )[0]!.n;

describe('GET {store}/api/store/catalogo', () => {
  it('is public and answers published apps, featured first, with the latest version per channel', async () => {
    const res = await get('/api/store/catalogo');
    expect(res.statusCode).toBe(200);
    const { datos } = envelope(storeCatalogo).parse(res.json());
    expect(datos).toMatchObject({ nombre: 'Physis AppsStore', canales: ['estable', 'beta'], version_minima: '1.2.0' });
    expect(datos.apps.map((a) => [a.nombre, a.destacada])).toEqual([
      ['Stock', true],
      ['Ventas', false],
    ]);
    const app = datos.apps[1]!;
    expect(app.versiones.estable).toMatchObject({
      version_code: 12,
      version_name: '1.2',
      novedades: 'Más rápido',
      sha256: sha(apkBytes('com.physis.ventas', 12)),
    });
    expect(app.versiones.beta).toMatchObject({ version_code: 13, min_sdk: null });
    expect(app.descripcion_html).toBe('<p><strong>Hola &lt;script&gt;</strong></p>');
    expect(app.icono_url).toMatch(
      /^http:\/\/localhost(:\d+)?\/api\/store\/iconos\/com\.physis\.ventas\?v=[0-9a-f]{12}$/,
    );
    expect(datos.apps[0]!.icono_url).toBeNull();
  });

  it('builds its links on STORE_URL when it is set', async () => {
    const otra = await template.clone({
      filesDir: ctx.filesDir,
      urls: { ...ctx.t.config.urls, store: 'https://store.physis.com.ar' },
    });
    try {
      await vaciarCatalogo(otra.db);
      await crearApp(otra.db, ctx.filesDir, {
        packageName: 'com.x.y',
        nombre: 'XY',
        versiones: [{ code: 1, name: '1', canal: 'estable' }],
      });
      const datos = envelope(storeCatalogo).parse((await otra.app.inject({ url: '/api/store/catalogo' })).json()).datos;
      expect(datos.apps[0]!.versiones.estable!.url).toBe(
        'https://store.physis.com.ar/api/store/descargas/com.x.y_1.apk',
      );
      const index = storeIndex.parse((await otra.app.inject({ url: '/api/store/index-v1.json' })).json());
      expect(index.repo.address).toBe('https://store.physis.com.ar/api/store/descargas');
    } finally {
      await otra.close();
    }
  });

  it('answers 304 to a poll that already has it, and a new ETag once something changes', async () => {
    const first = await get('/api/store/catalogo');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/api/store/catalogo', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/store/catalogo', { 'if-none-match': `"otro", W/${etag}` })).statusCode).toBe(304);
    await ctx.t.db.update(aplicaciones).set({ resumen: 'Otro resumen' }).where(eq(aplicaciones.id, ventas.id));
    const changed = await get('/api/store/catalogo', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('GET {store}/api/store/index-v1.json', () => {
  it('answers the F-Droid-like index, valid against the contract', async () => {
    const res = await get('/api/store/index-v1.json');
    expect(res.statusCode).toBe(200);
    const index = storeIndex.parse(res.json());
    expect(index.repo).toMatchObject({
      name: 'Physis AppsStore',
      version: 1,
      minClientVersion: '1.2.0',
      channels: ['estable', 'beta'],
    });
    expect(index.repo.timestamp).toBeGreaterThan(0);
    expect(index.apps.map((a) => a.packageName)).toEqual(['com.physis.stock', 'com.physis.ventas']);
    const app = index.apps[1]!;
    expect(app).toMatchObject({
      name: 'Ventas',
      categories: ['Gestión'],
      suggestedVersionCode: '12',
      featured: false,
      added: dia(1).getTime(),
      lastUpdated: dia(9).getTime(),
    });
    expect(app.icon).toMatch(/\/api\/store\/iconos\/com\.physis\.ventas\?v=/);
    expect(index.apps[0]).toMatchObject({ suggestedVersionCode: '3', categories: [], summary: '', featured: true });
    expect(index.apps[0]).not.toHaveProperty('icon');
    const paquetes = index.packages['com.physis.ventas']!;
    expect(paquetes.map((p) => p.versionCode)).toEqual([13, 12, 10]);
    expect(paquetes[1]).toEqual({
      versionCode: 12,
      versionName: '1.2',
      apkName: 'com.physis.ventas_12.apk',
      url: `${index.repo.address}/com.physis.ventas_12.apk`,
      hash: sha(apkBytes('com.physis.ventas', 12)),
      hashType: 'sha256',
      size: apkBytes('com.physis.ventas', 12).length,
      minSdkVersion: 24,
      targetSdkVersion: 34,
      added: dia(5).getTime(),
      channel: 'estable',
      whatsNew: 'Más rápido',
    });
    expect(paquetes[0]).not.toHaveProperty('minSdkVersion');
    expect(Object.keys(index.packages).sort()).toEqual(['com.physis.stock', 'com.physis.ventas']);
  });

  it('honours If-None-Match, and a download does not change it', async () => {
    const etag = (await get('/api/store/index-v1.json')).headers.etag as string;
    expect((await get('/api/store/descargas/com.physis.ventas_12.apk')).statusCode).toBe(200);
    expect((await get('/api/store/index-v1.json', { 'if-none-match': etag })).statusCode).toBe(304);
    await ctx.t.db
      .update(aplicacionVersiones)
      .set({ publicada: false, actualizado: new Date() })
      .where(eq(aplicacionVersiones.id, ventas.versiones.get(10)!));
    const changed = await get('/api/store/index-v1.json', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(storeIndex.parse(changed.json()).packages['com.physis.ventas']!.map((p) => p.versionCode)).toEqual([13, 12]);
    await ctx.t.db
      .update(aplicacionVersiones)
      .set({ publicada: true })
      .where(eq(aplicacionVersiones.id, ventas.versiones.get(10)!));
  });
});

describe('GET {store}/api/store/descargas/:apk', () => {
  it('streams the APK with its type, name and length, and counts each download once', async () => {
    const bytes = apkBytes('com.physis.ventas', 13);
    const antes = await descargas(13);
    const res = await get('/api/store/descargas/com.physis.ventas_13.apk');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(res.headers['content-disposition']).toBe('attachment; filename=com.physis.ventas_13.apk');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers.etag).toBe(`"${sha(bytes)}"`);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(await descargas(13)).toBe(antes + 1);

    const parte = await get('/api/store/descargas/com.physis.ventas_13.apk', { range: 'bytes=10-19' });
    expect(parte.statusCode).toBe(206);
    expect(parte.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
    expect(parte.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    expect(
      (await ctx.t.app.inject({ method: 'HEAD', url: '/api/store/descargas/com.physis.ventas_13.apk' })).statusCode,
    ).toBe(200);
    expect(
      (await get('/api/store/descargas/com.physis.ventas_13.apk', { 'if-none-match': `"${sha(bytes)}"` })).statusCode,
    ).toBe(304);
    expect(await descargas(13)).toBe(antes + 1);
  });

  it('counts concurrent downloads without losing any', async () => {
    const antes = await descargas(12);
    await Promise.all(Array.from({ length: 8 }, () => get('/api/store/descargas/com.physis.ventas_12.apk')));
    expect(await descargas(12)).toBe(antes + 8);
    const catalogo = envelope(storeCatalogo).parse((await get('/api/store/catalogo')).json()).datos;
    expect(catalogo.apps.find((a) => a.package_name === 'com.physis.ventas')!.versiones.estable!.descargas).toBe(
      antes + 8,
    );
  });

  it('answers 404 for what the store does not offer and 400 for a malformed name', async () => {
    for (const apk of [
      'com.physis.ventas_14.apk',
      'com.physis.borrador_1.apk',
      'com.physis.ventas_99.apk',
      'com.nada_1.apk',
    ]) {
      const res = await get(`/api/store/descargas/${apk}`);
      expect(res.statusCode, apk).toBe(404);
      expect(res.json()).toEqual({ error: 'La tienda no ofrece esa versión', datos: null });
    }
    await ctx.t.db.update(appsstoreConfig).set({ canales: ['estable'] });
    expect((await get('/api/store/descargas/com.physis.ventas_13.apk')).statusCode).toBe(404);
    await ctx.t.db.update(appsstoreConfig).set({ canales: ['estable', 'beta'] });
    const bad = await get('/api/store/descargas/ventas.zip');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().campos)).toEqual(['apk']);
  });
});

describe('GET {store}/api/store/iconos/:package_name', () => {
  it('serves the icon of a published app and 404 otherwise', async () => {
    const res = await get('/api/store/iconos/com.physis.ventas');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((await get('/api/store/iconos/com.physis.stock')).statusCode).toBe(404);
  });
});

describe('maintenance', () => {
  it('closes catalogue, index and downloads with 503, Retry-After and the message; estado, icons and staff stay open', async () => {
    const admin = await bearer(ctx.t.app, 'admin', PASSWORDS.admin);
    const config = (await ctx.t.app.inject({ url: '/api/appsstore/config', headers: admin })).json().datos;
    const put = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/appsstore/config',
      headers: admin,
      payload: {
        nombre: config.nombre,
        canales: config.canales,
        destacadas: config.destacadas,
        version_minima: config.version_minima,
        mantenimiento: { activo: true, mensaje: 'Actualizando la tienda' },
      },
    });
    expect(put.statusCode).toBe(200);
    const antes = await descargas(12);
    for (const url of [
      '/api/store/catalogo',
      '/api/store/index-v1.json',
      '/api/store/descargas/com.physis.ventas_12.apk',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe(String(STORE_RETRY_AFTER));
      const body = storeMantenimientoBody.parse(res.json());
      expect(body).toMatchObject({
        error: 'Actualizando la tienda',
        datos: null,
        mantenimiento: { activo: true, mensaje: 'Actualizando la tienda' },
      });
      expect(body.mantenimiento.desde).not.toBeNull();
    }
    expect(await descargas(12)).toBe(antes);

    const estado = await get('/api/store/estado');
    expect(estado.statusCode).toBe(200);
    expect(envelope(storeEstado).parse(estado.json()).datos).toMatchObject({
      nombre: 'Physis AppsStore',
      mantenimiento: { activo: true, mensaje: 'Actualizando la tienda' },
    });
    expect((await get('/api/store/iconos/com.physis.ventas')).statusCode).toBe(200);
    const staff = await ctx.t.app.inject({ url: '/api/appsstore/catalogo', headers: admin });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().datos.total).toBe(2);

    await ctx.t.db
      .update(appsstoreConfig)
      .set({ mantenimiento: false, mantenimientoMensaje: null, mantenimientoDesde: null });
    expect((await get('/api/store/catalogo')).statusCode).toBe(200);
    expect(envelope(storeEstado).parse((await get('/api/store/estado')).json()).datos.mantenimiento).toEqual({
      activo: false,
      mensaje: null,
      desde: null,
    });
  });
});
