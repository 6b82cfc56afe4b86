import { envelope } from '@intranet/contract/shared/envelope';
import { SITIO_SORT, sitio, sitioOpciones, sitioPage } from '@intranet/contract/areas/sitios';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { SITIOS } from './seed.ts';
import { fresh, ids, templatePorArchivo } from './test-support.ts';

const holder = templatePorArchivo();

const NUEVO = {
  nombre: 'Intranet de prueba',
  url: 'HTTPS://Prueba.Physis.com.ar/intranet',
  empresa_id: null,
  servidor_id: null,
  dns_id: null,
  estado: 'activo',
  ssl_vence: '2027-03-10',
  ssl_emisor: "Let's Encrypt (R11)",
  dominio_vence: '',
  registrador: 'NIC Argentina',
  notas: '  ',
};

describe('the permission matrix of /api/sitios', () => {
  const ctx = fresh(holder);

  it('declares SUBPROD#VER on reads and SUBPROD#EDITAR on writes for every route of the area', () => {
    const rutas = ctx.t.app.apiRoutes.filter((r) => r.url.startsWith('/api/sitios'));
    // The list, its expiry grid, their bulk actions, the bulk actions' history (lists/lote.ts) and the import.
    expect(rutas.length).toBe(29);
    // A selection's CSV (the list's, the expiry grid's) is a read sent by POST (its ids or filter in the body);
    // every step of an import, its template and refused rows included, is the editors'.
    const lee = (r: { method: string; url: string }) =>
      !r.url.includes('/importaciones') && (r.method === 'GET' || r.url.endsWith('/lote/export.csv'));
    for (const r of rutas) expect(r.access, `${r.method} ${r.url}`).toBe(lee(r) ? 'SUBPROD#VER' : 'SUBPROD#EDITAR');
  });

  it('answers 403 to tecnico and comercial (no SUBPROD code) on every route, and lets admin through', async () => {
    const id = await ids(ctx).sitio('Webmail');
    for (const r of ctx.t.app.apiRoutes.filter((r) => r.url.startsWith('/api/sitios'))) {
      const url = r.url.replace(':id', String(id));
      for (const headers of [ctx.tecnico, ctx.comercial]) {
        const res = await ctx.t.app.inject({ method: r.method as 'GET', url, headers });
        expect(res.statusCode, `${r.method} ${url}`).toBe(403);
      }
      // A bulk action of that id does not exist: 404, which lists/lotes.test.ts checks.
      // Nor does an import of that id (lists/importacion's own tests).
      if (r.method === 'GET' && !r.url.includes('/lotes/:id') && !r.url.includes('/importaciones/:id'))
        expect((await ctx.t.app.inject({ url, headers: ctx.admin })).statusCode, url).toBe(200);
    }
  });
});

describe('GET /api/sitios', () => {
  const ctx = fresh(holder);
  const lista = async (query: string) => {
    const res = await ctx.t.app.inject({ url: `/api/sitios?${query}`, headers: ctx.admin });
    return { status: res.statusCode, body: res.json() };
  };
  const nombres = async (query: string) =>
    (await lista(`${query}&size=200`)).body.datos.items.map((s: { nombre: string }) => s.nombre);

  it('pages the seeded sites by name, with client, server, DNS, days to each expiry and the last check', async () => {
    const all = await lista('size=200');
    expect(all.status).toBe(200);
    expect(envelope(sitioPage).safeParse(all.body).success).toBe(true);
    expect(all.body.datos.total).toBe(SITIOS.length);
    const todos = all.body.datos.items.map((s: { nombre: string }) => s.nombre);
    expect(todos).toEqual([...todos].sort((a: string, b: string) => a.localeCompare(b, 'es')));
    expect((await lista('page=2&size=4')).body.datos.items.map((s: { nombre: string }) => s.nombre)).toEqual(
      todos.slice(4, 8),
    );
    const www = all.body.datos.items.find((s: { url: string }) => s.url === 'https://www.physis.com.ar/');
    expect(www).toMatchObject({
      cliente: null,
      servidor: 'srv-web-01',
      dns_host: 'www.physis.com.ar',
      ssl_dias: 62,
      dominio_dias: 210,
      verificacion_resultado: 'ok',
    });
    expect(www).not.toHaveProperty('notas');
  });

  it('filters by client, own sites, server, state and expiry state; searches name, URL, registrar and client', async () => {
    expect(await nombres(`empresa_id=${await ids(ctx).cliente('Distribuidora del Litoral S.R.L.')}`)).toEqual([
      'Portal de clientes DisLit',
    ]);
    expect(await nombres('propios=true')).toHaveLength(SITIOS.filter((s) => !s.cliente).length);
    expect(await nombres('propios=false')).toHaveLength(SITIOS.filter((s) => s.cliente).length);
    expect(await nombres(`servidor_id=${await ids(ctx).servidor('srv-store-01')}&sort=nombre`)).toEqual([
      'AppsStore',
      'Descargas de instaladores',
    ]);
    expect(await nombres('estado=mantenimiento')).toEqual(['Bodegas Valle de Uco']);
    // The nearest of the two expiries, by the shared rule: <0 red, 0-30 orange, 31-90 yellow, >90 green.
    expect(await nombres('vencimiento=vencido&sort=nombre')).toEqual([
      'API pública',
      'Textil Catamarca (histórico)',
      'Tienda online Los Ceibos',
    ]);
    expect(await nombres('vencimiento=critico&sort=nombre')).toEqual([
      'Bodegas Valle de Uco',
      'Fin del Mundo Tours',
      'Mesa de ayuda',
      'Physis Web (demo)',
      'Portal de pacientes San Lucas',
    ]);
    expect(await nombres('vencimiento=proximo&sort=nombre')).toEqual([
      'AppsStore',
      'Portal de clientes DisLit',
      'Sitio institucional Physis',
      'Webmail',
    ]);
    expect(await nombres('vencimiento=vigente&sort=nombre')).toEqual([
      'Descargas de instaladores',
      'Git interno',
      'Reservas Llao Llao',
      'Turnos FarmaSur',
    ]);
    expect(await nombres('q=godaddy')).toEqual(['Reservas Llao Llao']);
    expect(await nombres('q=farmacias patag')).toEqual(['Turnos FarmaSur']);
    expect(await nombres('q=soporte.physis')).toEqual(['Mesa de ayuda']);
  });

  it('sorts by every declared field both ways (sites without a date last going up); a bad query answers 400 with its field', async () => {
    for (const campo of SITIO_SORT) {
      for (const sort of [campo, `-${campo}`]) expect((await lista(`sort=${sort}`)).status, sort).toBe(200);
    }
    const porSsl = (await lista('sort=ssl_vence&size=200')).body.datos.items.map(
      (s: { ssl_dias: number | null }) => s.ssl_dias,
    );
    expect(porSsl[0]).toBe(-120);
    expect(porSsl.filter((d: number | null) => d !== null)).toEqual(
      [...porSsl.filter((d: number | null) => d !== null)].sort((a, b) => a - b),
    );
    const malo = await lista('sort=clave&estado=roto&vencimiento=x&propios=quizas');
    expect(malo.status).toBe(400);
    expect(Object.keys(malo.body.campos).sort()).toEqual(['estado', 'propios', 'sort', 'vencimiento']);
  });

  it('exports the filtered list as CSV, every row, with Spanish headers and dd/mm/aaaa dates', async () => {
    const res = await ctx.t.app.inject({ url: '/api/sitios/export.csv?propios=false&sort=nombre', headers: ctx.admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/filename="sitios-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(SITIOS.filter((s) => s.cliente).length);
    expect(rows[0]).toMatchObject({
      Nombre: 'Bodegas Valle de Uco',
      Cliente: 'Bodegas Valle de Uco S.A.',
      Estado: 'Mantenimiento',
      Registrador: 'NIC Argentina',
    });
    expect(rows[0]!['SSL vence']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers the own servers with their DNS entries for the form', async () => {
    const res = await ctx.t.app.inject({ url: '/api/sitios/opciones', headers: ctx.admin });
    const body = envelope(sitioOpciones).parse(res.json());
    expect(body.datos.servidores.find((s) => s.nombre === 'srv-web-01')?.dnss.map((d) => d.host)).toEqual([
      'soporte.physis.com.ar',
      'www.physis.com.ar',
    ]);
    expect(body.datos.servidores.find((s) => s.nombre === 'srv-test-02')?.dnss).toEqual([]);
  });
});

describe('creating, changing and deleting a site', () => {
  const ctx = fresh(holder);
  const enviar = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.t.app.inject({ method, url, headers: ctx.admin, ...(payload ? { payload } : {}) });
  const historial = async (id: number) =>
    (await ctx.t.app.inject({ url: `/api/auditoria?entidad=sitio&id=${id}`, headers: ctx.admin })).json().datos.items;

  it('creates with the URL normalised and blanks as null, audited; reads it back; 409 on the same URL', async () => {
    const res = await enviar('POST', '/api/sitios', NUEVO);
    expect(res.statusCode).toBe(201);
    const creado = envelope(sitio).parse(res.json()).datos;
    expect(creado).toMatchObject({
      url: 'https://prueba.physis.com.ar/intranet',
      dominio_vence: null,
      notas: null,
      estado: 'activo',
      ssl_vence: '2027-03-10',
    });
    expect((await ctx.t.app.inject({ url: `/api/sitios/${creado.id}`, headers: ctx.admin })).json().datos).toEqual(
      creado,
    );
    expect((await historial(creado.id))[0]).toMatchObject({
      accion: 'crear',
      usuario_nombre: 'Administrador',
      despues: { nombre: 'Intranet de prueba' },
    });
    const doble = await enviar('POST', '/api/sitios', {
      ...NUEVO,
      nombre: 'Otro',
      url: 'https://prueba.physis.com.ar/intranet',
    });
    expect(doble.statusCode).toBe(409);
    expect(doble.json().campos).toEqual({ url: ['Ya existe un sitio con esa URL'] });
  });

  it('refuses a bad URL, state, date or missing name with 400 and the field errors', async () => {
    for (const [url, mensaje] of [
      ['http://www.physis.com.ar/', 'La URL debe empezar con https://'],
      ['www.physis.com.ar', 'URL inválida: debe empezar con https:// y tener un nombre de host válido'],
      [
        'https://usuario:clave@physis.com.ar/',
        'URL inválida: debe empezar con https:// y tener un nombre de host válido',
      ],
      ['https://mal_host.com/', 'URL inválida: debe empezar con https:// y tener un nombre de host válido'],
    ] as const) {
      const res = await enviar('POST', '/api/sitios', { ...NUEVO, url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().campos, url).toEqual({ url: [mensaje] });
    }
    const res = await enviar('POST', '/api/sitios', {
      ...NUEVO,
      nombre: ' ',
      estado: 'roto',
      ssl_vence: '10/03/2027',
      servidor_id: 'uno',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().campos).sort()).toEqual(['estado', 'nombre', 'servidor_id', 'ssl_vence']);
    expect(res.json().campos).toMatchObject({
      nombre: ['Este campo es requerido'],
      ssl_vence: ['Fecha inválida (aaaa-mm-dd)'],
      estado: ['Estado inválido'],
    });
  });

  it('refuses a DNS entry of another server (400 on dns_id); a DNS entry alone brings its server', async () => {
    const web = await ids(ctx).servidor('srv-web-01');
    const app = await ids(ctx).dns('app.physis.com.ar');
    const ajena = await enviar('POST', '/api/sitios', {
      ...NUEVO,
      url: 'https://app2.physis.com.ar/',
      servidor_id: web,
      dns_id: app,
    });
    expect(ajena.statusCode).toBe(400);
    expect(ajena.json().campos).toEqual({
      dns_id: ['La entrada DNS app.physis.com.ar no pertenece al servidor elegido (está en srv-app-01)'],
    });
    const sola = await enviar('POST', '/api/sitios', { ...NUEVO, url: 'https://app2.physis.com.ar/', dns_id: app });
    expect(sola.statusCode).toBe(201);
    expect(sola.json().datos).toMatchObject({ servidor: 'srv-app-01', dns_host: 'app.physis.com.ar' });
    const falta = await enviar('POST', '/api/sitios', { ...NUEVO, url: 'https://app3.physis.com.ar/', dns_id: 999999 });
    expect(falta.json().campos).toEqual({ dns_id: ['La entrada DNS elegida no existe'] });
    const sinCliente = await enviar('POST', '/api/sitios', {
      ...NUEVO,
      url: 'https://app3.physis.com.ar/',
      empresa_id: 999999,
    });
    expect(sinCliente.statusCode).toBe(409);
    expect(sinCliente.json().campos).toEqual({ empresa_id: ['El cliente elegido no existe'] });
  });

  it('updates with before and after in the history; 404 for a site that does not exist', async () => {
    const id = await ids(ctx).sitio('Webmail');
    const antes = (await ctx.t.app.inject({ url: `/api/sitios/${id}`, headers: ctx.admin })).json().datos;
    const {
      id: _id,
      cliente: _c,
      servidor: _s,
      dns_host: _d,
      ssl_dias: _sd,
      dominio_dias: _dd,
      verificado_en: _v,
      verificacion_resultado: _vr,
      verificacion_mensaje: _vm,
      creado: _cr,
      actualizado: _a,
      ...input
    } = antes;
    const res = await enviar('PUT', `/api/sitios/${id}`, { ...input, estado: 'caido', notas: 'Postfix caído' });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos).toMatchObject({
      estado: 'caido',
      notas: 'Postfix caído',
      dns_host: 'webmail.physis.com.ar',
    });
    const [cambio] = await historial(id);
    expect(cambio).toMatchObject({
      accion: 'modificar',
      antes: { estado: 'activo' },
      despues: { estado: 'caido', servidor: 'srv-mail-01' },
    });
    // Only what was changed: no ids, no days left (they move every day), no time of the last check.
    for (const campo of ['ssl_dias', 'dominio_dias', 'servidor_id', 'dns_id', 'empresa_id', 'verificado_en'])
      expect(cambio.despues).not.toHaveProperty(campo);
    expect((await enviar('PUT', '/api/sitios/999999', input)).statusCode).toBe(404);
  });

  it('deletes, audited, then 404; bulk deletes skip ids already gone', async () => {
    const id = await ids(ctx).sitio('Git interno');
    expect((await enviar('DELETE', `/api/sitios/${id}`)).json()).toEqual({ error: null, datos: null });
    expect((await enviar('DELETE', `/api/sitios/${id}`)).statusCode).toBe(404);
    expect((await historial(id))[0]).toMatchObject({
      accion: 'eliminar',
      antes: { nombre: 'Git interno' },
      despues: null,
    });
    const varios = [await ids(ctx).sitio('AppsStore'), await ids(ctx).sitio('Descargas de instaladores'), 999999];
    expect((await enviar('POST', '/api/sitios/eliminar', { ids: varios })).json()).toEqual({
      error: null,
      datos: { eliminados: 2 },
    });
    expect((await enviar('POST', '/api/sitios/eliminar', { ids: [] })).json().campos).toHaveProperty('ids');
  });

  it('a deleted own server leaves its sites without server or DNS entry (not blocked)', async () => {
    const web = await ids(ctx).servidor('srv-web-01');
    expect((await enviar('DELETE', `/api/servidores/${web}?cascada=true`)).statusCode).toBe(200);
    const res = await ctx.t.app.inject({
      url: `/api/sitios/${await ids(ctx).sitio('Sitio institucional Physis')}`,
      headers: ctx.admin,
    });
    expect(res.json().datos).toMatchObject({ servidor_id: null, dns_id: null });
  });
});
