import { aplicacion, aplicacionPage, iconoSubido } from '@intranet/contract/areas/aplicaciones';
import { auditPage } from '@intranet/contract/areas/auditoria';
import { envelope } from '@intranet/contract/shared/envelope';
import { parse } from 'csv-parse/sync';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { freshApp, useTemplate } from '../../test/harness.ts';
import { APLICACIONES } from './seed.ts';

const template = useTemplate();

const ctx = freshApp(template, ['admin', 'tecnico', 'comercial'], { tmpFiles: 'intranet-aplicaciones-' });

const DESCRIPCION = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      attrs: { align: null },
      content: [{ type: 'text', text: 'Agenda de turnos', marks: [{ type: 'strong' }] }],
    },
  ],
};
const NUEVA = {
  package_name: 'com.physis.agenda',
  nombre: 'Physis Agenda',
  resumen: 'Turnos',
  categoria: 'Gestión',
  publicada: false,
  descripcion: DESCRIPCION,
};
// The smallest valid PNG signature plus an IHDR-looking tail: recognised by its first bytes.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 1)]);

const inject = (opts: InjectOptions) => ctx.t.app.inject(opts);
const lista = async (query: string) => {
  const res = await inject({ url: `/api/aplicaciones?${query}`, headers: ctx.admin });
  expect(res.statusCode).toBe(200);
  return envelope(aplicacionPage).parse(res.json()).datos;
};

describe('GET /api/aplicaciones', () => {
  it('pages the seeded apps by name, with their counters', async () => {
    const { items, total } = await lista('size=200');
    expect(total).toBe(APLICACIONES.length);
    expect(items.map((a) => a.nombre)).toEqual(
      APLICACIONES.map((a) => a.nombre).sort((a, b) => a.localeCompare(b, 'es')),
    );
    const movil = items.find((a) => a.package_name === 'com.physis.movil')!;
    expect(movil).toMatchObject({ versiones: 0, ultima_version: null, descargas: 0, publicada: true, icono: null });
  });

  it('filters by published, category and text, and sorts', async () => {
    expect((await lista('publicada=true')).total).toBe(APLICACIONES.filter((a) => a.publicada).length);
    expect((await lista('categoria=ventas')).items.map((a) => a.package_name)).toEqual(['com.physis.ventas']);
    expect((await lista('q=reparto')).items.map((a) => a.nombre)).toEqual(['Physis Reparto']);
    const desc = await lista('sort=-package_name&size=2&page=1');
    expect(desc.items.map((a) => a.package_name)).toEqual(['com.physis.ventas', 'com.physis.soporte']);
  });

  it('refuses an unknown sort or filter value with field errors', async () => {
    const res = await inject({ url: '/api/aplicaciones?sort=tamano&publicada=quizas', headers: ctx.admin });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().campos).sort()).toEqual(['publicada', 'sort']);
  });

  it('exports the filtered list as CSV and lists the categories', async () => {
    const csv = await inject({ url: '/api/aplicaciones/export.csv?publicada=false', headers: ctx.admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const rows = parse(csv.body.replace(/^\uFEFF/, ''), {
      columns: true,
      delimiter: csv.body.includes(';') ? ';' : ',',
    }) as Record<string, string>[];
    expect(rows.map((r) => r.Paquete).sort()).toEqual(['com.physis.asistencia', 'com.physis.inventario']);
    const cats = await inject({ url: '/api/aplicaciones/categorias', headers: ctx.admin });
    expect(cats.json().datos).toEqual([...new Set(APLICACIONES.map((a) => a.categoria))].sort());
  });
});

describe('creating, changing and deleting an app', () => {
  it('creates with a rich description, answers it rendered, and audits it', async () => {
    const res = await inject({ method: 'POST', url: '/api/aplicaciones', headers: ctx.admin, payload: NUEVA });
    expect(res.statusCode).toBe(201);
    const { datos } = envelope(aplicacion).parse(res.json());
    expect(datos).toMatchObject({ package_name: 'com.physis.agenda', versiones: 0, firma_sha256: null });
    expect(datos.descripcion_html).toBe('<p><strong>Agenda de turnos</strong></p>');
    const leida = await inject({ url: `/api/aplicaciones/${datos.id}`, headers: ctx.admin });
    expect(leida.json().datos).toEqual(datos);
    const audit = await inject({ url: `/api/auditoria?entidad=aplicacion&id=${datos.id}`, headers: ctx.admin });
    expect(
      envelope(auditPage)
        .parse(audit.json())
        .datos.items.map((r) => r.accion),
    ).toEqual(['crear']);
  });

  it('refuses an invalid package name, a taken one (whatever its case) and a broken description', async () => {
    for (const package_name of ['physis', 'com.physis.', 'com.1physis.app', 'com.physis.new', 'com physis.app']) {
      const res = await inject({
        method: 'POST',
        url: '/api/aplicaciones',
        headers: ctx.admin,
        payload: { ...NUEVA, package_name },
      });
      expect(res.statusCode, package_name).toBe(400);
      expect(res.json().campos.package_name[0]).toMatch(/Nombre de paquete inválido/);
    }
    const taken = await inject({
      method: 'POST',
      url: '/api/aplicaciones',
      headers: ctx.admin,
      payload: { ...NUEVA, package_name: 'com.Physis.Movil' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().campos).toEqual({ package_name: ['Ya existe una aplicación con ese nombre de paquete'] });
    const rota = await inject({
      method: 'POST',
      url: '/api/aplicaciones',
      headers: ctx.admin,
      payload: { ...NUEVA, package_name: 'com.physis.x', descripcion: { type: 'doc', content: [] } },
    });
    expect(rota.statusCode).toBe(400);
    expect(Object.keys(rota.json().campos)).toEqual(['descripcion']);
  });

  it('updates (package included, while it has no versions) with an audit of before and after', async () => {
    const { items } = await lista('q=inventario');
    const id = items[0]!.id;
    const res = await inject({
      method: 'PUT',
      url: `/api/aplicaciones/${id}`,
      headers: ctx.admin,
      payload: { ...NUEVA, package_name: 'com.physis.inventario2', nombre: 'Physis Inventario 2', publicada: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos).toMatchObject({
      package_name: 'com.physis.inventario2',
      nombre: 'Physis Inventario 2',
      publicada: true,
    });
    const audit = await inject({ url: `/api/auditoria?entidad=aplicacion&id=${id}`, headers: ctx.admin });
    const [modificar] = envelope(auditPage).parse(audit.json()).datos.items;
    expect(modificar).toMatchObject({
      accion: 'modificar',
      antes: { nombre: 'Physis Inventario' },
      despues: { nombre: 'Physis Inventario 2' },
    });
    expect(
      (await inject({ method: 'PUT', url: '/api/aplicaciones/999999', headers: ctx.admin, payload: NUEVA })).statusCode,
    ).toBe(404);
  });

  it('deletes an app without versions, with its audit', async () => {
    const creada = await inject({
      method: 'POST',
      url: '/api/aplicaciones',
      headers: ctx.admin,
      payload: { ...NUEVA, package_name: 'com.physis.borrar' },
    });
    const id = creada.json().datos.id;
    expect((await inject({ method: 'DELETE', url: `/api/aplicaciones/${id}`, headers: ctx.admin })).json()).toEqual({
      error: null,
      datos: null,
    });
    expect((await inject({ url: `/api/aplicaciones/${id}`, headers: ctx.admin })).statusCode).toBe(404);
    expect((await inject({ method: 'DELETE', url: `/api/aplicaciones/${id}`, headers: ctx.admin })).statusCode).toBe(
      404,
    );
    const audit = await inject({ url: `/api/auditoria?entidad=aplicacion&id=${id}`, headers: ctx.admin });
    expect(audit.json().datos.items.map((r: { accion: string }) => r.accion)).toEqual(['eliminar', 'crear']);
  });
});

describe('icons', () => {
  const subir = (bytes: Buffer, nombre = 'icono.png') =>
    inject({
      method: 'POST',
      url: `/api/aplicaciones/iconos?nombre=${nombre}`,
      headers: { ...ctx.admin, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });

  it('stores a PNG by its bytes and shows it as the app icon', async () => {
    const res = await subir(PNG);
    expect(res.statusCode).toBe(201);
    const icono = envelope(iconoSubido).parse(res.json()).datos;
    expect(icono.tipo).toBe('image/png');
    const { items } = await lista('q=soporte');
    const app = items[0]!;
    const put = await inject({
      method: 'PUT',
      url: `/api/aplicaciones/${app.id}`,
      headers: ctx.admin,
      payload: { ...NUEVA, package_name: app.package_name, icono_id: icono.id },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().datos.icono).toBe(icono.descarga);
    const descarga = await inject({ url: icono.descarga });
    expect(descarga.statusCode).toBe(200);
    expect(descarga.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses what is not a PNG, JPEG or WebP, and an icon id that is not an image or does not exist', async () => {
    const texto = await subir(Buffer.from('esto no es una imagen'));
    expect(texto.statusCode).toBe(400);
    expect(texto.json().campos).toEqual({ archivo: ['El icono debe ser una imagen PNG, JPEG o WebP'] });
    const otro = await inject({
      method: 'POST',
      url: '/api/archivos?nombre=notas.txt',
      headers: { ...ctx.admin, 'content-type': 'text/plain' },
      payload: 'notas',
    });
    const payload = { ...NUEVA, package_name: 'com.physis.iconos' };
    const noImagen = await inject({
      method: 'POST',
      url: '/api/aplicaciones',
      headers: ctx.admin,
      payload: { ...payload, icono_id: otro.json().datos.id },
    });
    expect(noImagen.statusCode).toBe(400);
    expect(noImagen.json().campos).toEqual({ icono_id: ['El icono debe ser una imagen PNG, JPEG o WebP'] });
    const falta = await inject({
      method: 'POST',
      url: '/api/aplicaciones',
      headers: ctx.admin,
      payload: { ...payload, icono_id: 987654 },
    });
    expect(falta.statusCode).toBe(400);
    expect(falta.json().campos).toEqual({ icono_id: ['El icono elegido no existe; súbalo de nuevo'] });
  });

  it('refuses an icon over 1 MB', async () => {
    const res = await subir(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(res.statusCode).toBe(413);
  });
});

describe('permissions', () => {
  it('answers 403 to tecnico and comercial (no APP#VER nor APP#EDITAR) on every route', async () => {
    const rutas: [string, string][] = [
      ['GET', '/api/aplicaciones'],
      ['GET', '/api/aplicaciones/export.csv'],
      ['GET', '/api/aplicaciones/categorias'],
      ['GET', '/api/aplicaciones/1'],
      ['POST', '/api/aplicaciones'],
      ['PUT', '/api/aplicaciones/1'],
      ['DELETE', '/api/aplicaciones/1'],
      ['POST', '/api/aplicaciones/iconos?nombre=a.png'],
      ['GET', '/api/aplicaciones/1/versiones'],
      ['GET', '/api/aplicaciones/1/versiones/export.csv'],
      ['GET', '/api/aplicaciones/1/versiones/1'],
      ['PUT', '/api/aplicaciones/1/versiones/1'],
      ['POST', '/api/aplicaciones/1/versiones'],
      ['POST', '/api/aplicaciones/1/versiones/1/promover'],
      ['POST', '/api/aplicaciones/1/versiones/1/publicacion'],
    ];
    for (const headers of [ctx.tecnico, ctx.comercial]) {
      for (const [method, url] of rutas) {
        const res = await inject({ method: method as InjectOptions['method'], url, headers });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect((await inject({ url: '/api/auditoria?entidad=aplicacion&id=1', headers: ctx.tecnico })).statusCode).toBe(
      403,
    );
  });
});
