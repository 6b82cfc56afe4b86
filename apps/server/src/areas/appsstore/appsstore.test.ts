import {
  storeAplicaciones,
  storeCatalogoPage,
  storeConfig,
  type StoreConfigInput,
} from '@intranet/contract/areas/appsstore';
import { auditPage } from '@intranet/contract/areas/auditoria';
import { envelope } from '@intranet/contract/shared/envelope';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appsstoreConfig } from '../../db/schema.ts';
import { bearer, freshApp, PASSWORDS, type TestApp, useTemplate } from '../../test/harness.ts';
import { crearApp, vaciarCatalogo } from './test-apps.ts';

const template = useTemplate();
const ctx = freshApp(template, ['admin'], { tmpFiles: 'intranet-appsstore-' });

const leer = async () =>
  envelope(storeConfig).parse((await ctx.t.app.inject({ url: '/api/appsstore/config', headers: ctx.admin })).json())
    .datos;
const guardar = (payload: unknown, headers = ctx.admin) =>
  ctx.t.app.inject({ method: 'PUT', url: '/api/appsstore/config', headers, payload: payload as object });
const valida = (over: Partial<StoreConfigInput> = {}): StoreConfigInput => ({
  nombre: 'Tienda de prueba',
  canales: ['estable'],
  destacadas: [],
  version_minima: '2.0.1',
  mantenimiento: { activo: false, mensaje: null },
  ...over,
});

describe('the permission matrix of the staff routes', () => {
  const rutas = [
    { method: 'GET', url: '/api/appsstore/config' },
    { method: 'PUT', url: '/api/appsstore/config' },
    { method: 'GET', url: '/api/appsstore/aplicaciones' },
    { method: 'GET', url: '/api/appsstore/catalogo' },
    { method: 'GET', url: '/api/appsstore/catalogo/export.csv' },
    { method: 'GET', url: '/api/appsstore/catalogo/categorias' },
    { method: 'GET', url: '/api/auditoria?entidad=appsstore_config&id=config' },
  ] as const;

  it('answers 401 without a session, 403 to tecnico and comercial, and lets admin in', async () => {
    const tecnico = await bearer(ctx.t.app, 'tecnico', PASSWORDS.demo);
    const comercial = await bearer(ctx.t.app, 'comercial', PASSWORDS.demo);
    for (const ruta of rutas) {
      const payload = ruta.method === 'PUT' ? valida() : undefined;
      expect((await ctx.t.app.inject({ ...ruta, payload })).statusCode, ruta.url).toBe(401);
      for (const headers of [tecnico, comercial]) {
        const res = await ctx.t.app.inject({ ...ruta, headers, payload });
        expect(res.statusCode, ruta.url).toBe(403);
        expect(res.json()).toEqual({ error: 'No tiene permiso para esta acción', datos: null });
      }
      expect(
        (
          await ctx.t.app.inject({
            ...ruta,
            headers: ctx.admin,
            payload: ruta.method === 'PUT' ? await leerComoInput() : undefined,
          })
        ).statusCode,
        ruta.url,
      ).toBe(200);
    }
  });
});

/** The current configuration as a PUT body (a no-op save). */
async function leerComoInput(): Promise<StoreConfigInput> {
  const { nombre, canales, destacadas, version_minima, mantenimiento } = await leer();
  return {
    nombre,
    canales,
    destacadas,
    version_minima,
    mantenimiento: { activo: mantenimiento.activo, mensaje: mantenimiento.mensaje },
  };
}

describe('GET and PUT /api/appsstore/config', () => {
  it('answers the seeded configuration', async () => {
    const config = await leer();
    expect(config).toMatchObject({ nombre: 'Physis AppsStore', canales: ['estable', 'beta'], version_minima: '1.2.0' });
    expect(config.mantenimiento).toEqual({ activo: false, mensaje: null, desde: null });
    expect(config.destacadas).toEqual(config.destacadas_detalle.map((d) => d.id));
  });

  it('answers the defaults while nothing was saved', async () => {
    const copia = await template.clone();
    try {
      await copia.db.delete(appsstoreConfig);
      const res = await copia.app.inject({
        url: '/api/appsstore/config',
        headers: await bearer(copia.app, 'admin', PASSWORDS.admin),
      });
      expect(res.json().datos).toMatchObject({
        nombre: 'AppsStore',
        canales: ['estable', 'beta'],
        version_minima: null,
        actualizado: null,
      });
    } finally {
      await copia.close();
    }
  });

  it('validates every field and answers 400 with the field errors', async () => {
    const res = await guardar({
      nombre: ' ',
      canales: [],
      destacadas: [0],
      version_minima: 'uno',
      mantenimiento: { activo: true, mensaje: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().campos).toEqual({
      nombre: ['Este campo es requerido'],
      canales: ['Elija al menos un canal'],
      'destacadas.0': ['Aplicación inválida'],
      version_minima: ['Número de versión inválido (por ejemplo 3.14.2 o 3.15.0-beta1)'],
      'mantenimiento.mensaje': ['Escriba el mensaje que verán los dispositivos'],
    });
    expect((await guardar({ ...valida(), canales: ['nocturno'] })).json().campos).toEqual({
      'canales.0': ['Canal inválido'],
    });
    expect((await guardar({ ...valida(), otro: 1 })).statusCode).toBe(400);
    expect(
      (await guardar({ ...valida(), destacadas: Array.from({ length: 13 }, (_, i) => i + 1) })).json().campos,
    ).toEqual({ destacadas: ['Máximo 12 destacadas'] });
  });

  it('refuses featuring an application that does not exist or is not published', async () => {
    const oculta = await crearApp(ctx.t.db, ctx.filesDir, {
      packageName: 'com.prueba.oculta',
      nombre: 'Oculta',
      publicada: false,
      versiones: [],
    });
    const res = await guardar(valida({ destacadas: [oculta.id, 999999] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().campos).toEqual({
      destacadas: [
        'No existe la aplicación 999999',
        'Solo se pueden destacar aplicaciones publicadas: Oculta no lo está',
      ],
    });
  });

  it('saves the whole configuration, keeps the featured order, and writes the history', async () => {
    const a = await crearApp(ctx.t.db, ctx.filesDir, { packageName: 'com.prueba.a', nombre: 'Alfa', versiones: [] });
    const b = await crearApp(ctx.t.db, ctx.filesDir, {
      packageName: 'com.prueba.b',
      nombre: 'Beta app',
      versiones: [],
    });
    const res = await guardar(valida({ canales: ['beta', 'estable', 'beta'], destacadas: [b.id, a.id, b.id] }));
    expect(res.statusCode).toBe(200);
    const datos = envelope(storeConfig).parse(res.json()).datos;
    expect(datos).toMatchObject({
      nombre: 'Tienda de prueba',
      canales: ['estable', 'beta'],
      destacadas: [b.id, a.id],
      version_minima: '2.0.1',
    });
    expect(datos.destacadas_detalle.map((d) => d.nombre)).toEqual(['Beta app', 'Alfa']);
    expect(await leer()).toEqual(datos);

    const historia = envelope(auditPage).parse(
      (await ctx.t.app.inject({ url: '/api/auditoria?entidad=appsstore_config&id=config', headers: ctx.admin })).json(),
    ).datos.items;
    expect(historia[0]).toMatchObject({ accion: 'modificar', usuario_nombre: 'Administrador' });
    expect(historia[0]!.despues).toEqual({
      nombre: 'Tienda de prueba',
      canales: ['estable', 'beta'],
      destacadas: [
        { id: b.id, nombre: 'Beta app' },
        { id: a.id, nombre: 'Alfa' },
      ],
      version_minima: '2.0.1',
      mantenimiento: false,
      mantenimiento_mensaje: null,
    });
    expect(historia[0]!.antes).toMatchObject({ nombre: 'Physis AppsStore', version_minima: '1.2.0' });
    expect(historia.at(-1)!.accion).toBe('crear');
  });

  it('dates the start of maintenance, keeps it while it lasts, and clears it when it ends', async () => {
    const on = envelope(storeConfig).parse(
      (await guardar(valida({ mantenimiento: { activo: true, mensaje: 'Volvemos enseguida' } }))).json(),
    ).datos;
    expect(on.mantenimiento.activo).toBe(true);
    expect(on.mantenimiento.desde).not.toBeNull();
    const otraVez = envelope(storeConfig).parse(
      (await guardar(valida({ nombre: 'Otra', mantenimiento: { activo: true, mensaje: 'Sigue' } }))).json(),
    ).datos;
    expect(otraVez.mantenimiento).toEqual({ activo: true, mensaje: 'Sigue', desde: on.mantenimiento.desde });
    const off = envelope(storeConfig).parse((await guardar(valida())).json()).datos;
    expect(off.mantenimiento).toEqual({ activo: false, mensaje: null, desde: null });
  });

  it('lists every application for the featured select, published first', async () => {
    const res = await ctx.t.app.inject({ url: '/api/appsstore/aplicaciones', headers: ctx.admin });
    const apps = envelope(storeAplicaciones).parse(res.json()).datos;
    const primeraOculta = apps.findIndex((a) => !a.publicada);
    expect(apps.some((a) => a.package_name === 'com.prueba.oculta')).toBe(true);
    expect(apps.slice(primeraOculta).every((a) => !a.publicada)).toBe(true);
  });
});

describe('GET /api/appsstore/catalogo and its CSV', () => {
  let copia: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    copia = await template.clone({ filesDir: ctx.filesDir });
    headers = await bearer(copia.app, 'admin', PASSWORDS.admin);
    await vaciarCatalogo(copia.db);
    const dia = (d: number) => new Date(Date.UTC(2026, 0, d));
    await crearApp(copia.db, ctx.filesDir, {
      packageName: 'com.physis.ventas',
      nombre: 'Ventas',
      categoria: 'Gestión',
      versiones: [
        { code: 10, name: '1.0', canal: 'estable', fecha: dia(1) },
        { code: 12, name: '1.2', canal: 'estable', fecha: dia(5) },
        { code: 13, name: '1.3-beta', canal: 'beta', fecha: dia(9) },
        { code: 14, name: '1.4-beta', canal: 'beta', publicada: false, fecha: dia(10) },
      ],
    });
    await crearApp(copia.db, ctx.filesDir, {
      packageName: 'com.physis.stock',
      nombre: 'Stock',
      categoria: 'Logística',
      versiones: [{ code: 3, name: '0.3', canal: 'beta', fecha: dia(2) }],
    });
    await crearApp(copia.db, ctx.filesDir, {
      packageName: 'com.physis.borrador',
      nombre: 'Borrador',
      publicada: false,
      versiones: [{ code: 1, name: '0.1', canal: 'estable' }],
    });
    await crearApp(copia.db, ctx.filesDir, {
      packageName: 'com.physis.vacia',
      nombre: 'Vacía',
      versiones: [{ code: 1, name: '0.1', canal: 'estable', publicada: false }],
    });
  });
  afterAll(() => copia.close());

  const lista = async (query = '') => {
    const res = await copia.app.inject({ url: `/api/appsstore/catalogo?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return envelope(storeCatalogoPage).parse(res.json()).datos;
  };

  it('lists published applications with an offered version, with the latest version per channel', async () => {
    const { items, total } = await lista();
    expect(total).toBe(2);
    expect(items.map((a) => a.nombre)).toEqual(['Stock', 'Ventas']);
    const ventas = items[1]!;
    expect(ventas.versiones.estable).toMatchObject({
      version_code: 12,
      version_name: '1.2',
      apk: 'com.physis.ventas_12.apk',
    });
    expect(ventas.versiones.estable!.url).toMatch(
      /^http:\/\/[^/]+\/api\/store\/descargas\/com\.physis\.ventas_12\.apk$/,
    );
    expect(ventas.versiones.beta).toMatchObject({ version_code: 13 });
    expect(items[0]!.versiones).toMatchObject({ estable: null, beta: { version_code: 3 } });
  });

  it('pages, sorts, searches and filters', async () => {
    expect((await lista('size=1&page=2')).items.map((a) => a.nombre)).toEqual(['Ventas']);
    expect((await lista('sort=-actualizado')).items.map((a) => a.nombre)).toEqual(['Ventas', 'Stock']);
    expect((await lista('q=stock')).items.map((a) => a.nombre)).toEqual(['Stock']);
    expect((await lista('categoria=gestión')).items.map((a) => a.nombre)).toEqual(['Ventas']);
    expect((await lista('canal=estable')).items.map((a) => a.nombre)).toEqual(['Ventas']);
    expect((await lista('destacada=true')).total).toBe(0);
    const bad = await copia.app.inject({ url: '/api/appsstore/catalogo?canal=nocturno&sort=x', headers });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().campos).sort()).toEqual(['canal', 'sort']);
  });

  it('names the categories of the listed applications', async () => {
    const res = await copia.app.inject({ url: '/api/appsstore/catalogo/categorias', headers });
    expect(res.json()).toEqual({ error: null, datos: ['Gestión', 'Logística'] });
  });

  it('follows the offered channels of the configuration', async () => {
    await copia.db.update(appsstoreConfig).set({ canales: ['estable'] });
    const { items } = await lista();
    expect(items.map((a) => a.nombre)).toEqual(['Ventas']);
    expect(items[0]!.versiones.beta).toBeNull();
    await copia.db.update(appsstoreConfig).set({ canales: ['estable', 'beta'] });
  });

  it('exports the filtered catalogue as CSV', async () => {
    const res = await copia.app.inject({ url: '/api/appsstore/catalogo/export.csv?sort=-descargas', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Package).sort()).toEqual(['com.physis.stock', 'com.physis.ventas']);
    const ventas = rows.find((r) => r.Package === 'com.physis.ventas')!;
    expect(ventas).toMatchObject({ 'Versión estable': '1.2', 'Código beta': '13', Descargas: '0' });
  });
});
