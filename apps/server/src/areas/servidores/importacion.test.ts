import { envelope } from '@intranet/contract/shared/envelope';
import { importacionConteo, importacionSubida } from '@intranet/contract/shared/importacion';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dns, servidores } from '../../db/schema.ts';
import { bearer, createUser, freshApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

function fresh() {
  return freshApp(template, [], {
    tmpFiles: 'importar-servidores-',
    setup: async ({ t }) => {
      await createUser(t.db, {
        usuario: 'infra',
        password: 'clave',
        codigos: ['SER#VER', 'SER#EDITAR', '>SERDNS#VER', 'SERDNS#EDITAR'],
      });
      await createUser(t.db, { usuario: 'lector', password: 'clave', codigos: ['SER#VER', '>SERDNS#VER'] });
      return { headers: await bearer(t.app, 'infra', 'clave'), lector: await bearer(t.app, 'lector', 'clave') };
    },
  });
}
type Ctx = ReturnType<typeof fresh>;

async function subir(ctx: Ctx, ruta: string, contenido: string | Buffer) {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: `${ruta}/importaciones?nombre=x.csv`,
    headers: { ...ctx.headers, 'content-type': 'text/csv' },
    payload: contenido,
  });
  expect(res.statusCode, res.body).toBe(201);
  return envelope(importacionSubida).parse(res.json()).datos;
}
const post = (ctx: Ctx, url: string, payload?: object) =>
  ctx.t.app.inject({ method: 'POST', url, headers: ctx.headers, ...(payload ? { payload } : {}) });
const ensayo = async (ctx: Ctx, ruta: string, id: number, mapeo: object, modo: string) =>
  envelope(importacionConteo).parse((await post(ctx, `${ruta}/importaciones/${id}/ensayo`, { mapeo, modo })).json())
    .datos;

describe('importing our servers and DNS entries', () => {
  const ctx = fresh();

  it('servers: an invalid state refused by row; created; updated by hostname; undone; 409 once changed', async () => {
    const csv =
      'Name,Host,Provider,Status\nimp-web-01,imp-web-01.physis.test,Hetzner,Activo\nimp-db-01,imp-db-01.physis.test,AWS,planificado';
    const malo = await subir(ctx, '/api/servidores', `${csv}\nimp-x,imp-x.physis.test,,Roto`);
    const rechazo = await post(ctx, `/api/servidores/importaciones/${malo.id}/importar`, {
      mapeo: malo.mapeo,
      modo: 'crear',
    });
    expect(rechazo.json().campos).toEqual({
      'fila 4': ['Estado: Valor no válido; use uno de: Activo, Offline, Planificado, Baja'],
    });
    expect(await ctx.t.db.select().from(servidores).where(sql`${servidores.nombre} like 'imp-%'`)).toEqual([]);

    const subida = await subir(ctx, '/api/servidores', csv);
    expect(
      (await post(ctx, `/api/servidores/importaciones/${subida.id}/importar`, { mapeo: subida.mapeo, modo: 'crear' }))
        .statusCode,
    ).toBe(200);
    const cambio = await subir(ctx, '/api/servidores', 'Hostname;Rol\nIMP-WEB-01.physis.test;Web\n');
    expect(await ensayo(ctx, '/api/servidores', cambio.id, cambio.mapeo, 'actualizar')).toMatchObject({
      crear: 0,
      actualizar: 1,
    });
    expect(
      (
        await post(ctx, `/api/servidores/importaciones/${cambio.id}/importar`, {
          mapeo: cambio.mapeo,
          modo: 'actualizar',
        })
      ).statusCode,
    ).toBe(200);
    expect((await ctx.t.db.select().from(servidores).where(eq(servidores.nombre, 'imp-web-01')))[0]!.rol).toBe('Web');
    expect((await post(ctx, `/api/servidores/importaciones/${subida.id}/deshacer`)).statusCode).toBe(409);
    expect((await post(ctx, `/api/servidores/importaciones/${cambio.id}/deshacer`)).statusCode).toBe(200);
    expect((await ctx.t.db.select().from(servidores).where(eq(servidores.nombre, 'imp-web-01')))[0]!.rol).toBeNull();
  });

  it('DNS: the server by name (an unknown one refused by row), created, updated by host, all or nothing', async () => {
    const csv =
      'Host,Servidor,Tipo,TTL (segundos),Activa\nimp-a.physis.test,imp-web-01,A,300,Sí\nimp-b.physis.test,IMP-DB-01,CNAME,,No';
    const malo = await subir(ctx, '/api/dns', `${csv}\nimp-c.physis.test,no-existe,A,,`);
    const rechazo = await post(ctx, `/api/dns/importaciones/${malo.id}/importar`, {
      mapeo: malo.mapeo,
      modo: 'crear',
    });
    expect(rechazo.json().campos).toEqual({ 'fila 4': ['Servidor: no hay un servidor llamado «no-existe»'] });
    expect(await ctx.t.db.select().from(dns).where(sql`${dns.host} like 'imp-%'`)).toEqual([]);

    const subida = await subir(ctx, '/api/dns', csv);
    expect(
      (await post(ctx, `/api/dns/importaciones/${subida.id}/importar`, { mapeo: subida.mapeo, modo: 'crear' }))
        .statusCode,
    ).toBe(200);
    const creadas = await ctx.t.db.select().from(dns).where(sql`${dns.host} like 'imp-%'`).orderBy(dns.host);
    expect(creadas.map((d) => [d.host, d.tipo, d.ttl, d.activo])).toEqual([
      ['imp-a.physis.test', 'A', 300, true],
      ['imp-b.physis.test', 'CNAME', 3600, false],
    ]);
    const cambio = await subir(ctx, '/api/dns', 'host,ttl\nIMP-A.physis.test,600\nimp-b.physis.test,3600\n');
    expect(await ensayo(ctx, '/api/dns', cambio.id, cambio.mapeo, 'actualizar')).toMatchObject({
      crear: 0,
      actualizar: 1,
      sin_cambios: 1,
    });
  });

  it('both import their own export back unchanged (round trip); 403 to who only reads', async () => {
    for (const ruta of ['/api/servidores', '/api/dns']) {
      const exportado = await ctx.t.app.inject({
        url: ruta === '/api/dns' ? '/api/dns/export.csv' : '/api/servidores/export.csv',
        headers: ctx.headers,
      });
      expect(exportado.statusCode).toBe(200);
      const subida = await subir(ctx, ruta, exportado.rawPayload);
      const conteo = await ensayo(ctx, ruta, subida.id, subida.mapeo, 'actualizar');
      expect(conteo.rechazos, ruta).toEqual([]);
      expect(conteo, ruta).toMatchObject({ actualizar: 0, rechazadas: 0 });
      expect(conteo.sin_cambios, ruta).toBeGreaterThan(0);
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: `${ruta}/importaciones?nombre=x.csv`,
        headers: { ...ctx.lector, 'content-type': 'text/csv' },
        payload: 'a\nb',
      });
      expect(res.statusCode, ruta).toBe(403);
    }
  });
});
