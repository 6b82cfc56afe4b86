import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Cambios, ALL_TABLES } from '../db/cambios.ts';
import { dns, rolPermisos, usuarios } from '../db/schema.ts';
import { bearer, createUser, freshApp, PASSWORDS, useTemplate } from '../test/harness.ts';
import { CacheSinAvisoError, readCache } from './cache.ts';

const template = useTemplate();
const ctx = freshApp(template, ['admin'], { clone: { cambios: true }, each: true });

const LISTA = '/api/dns?sort=host&size=5';
const leer = (url = LISTA, headers = ctx.admin) => ctx.t.app.inject({ url, headers });
const hosts = (res: Awaited<ReturnType<typeof leer>>) =>
  res.json<{ datos: { items: { host: string }[] } }>().datos.items.map((d) => d.host);

/**
 * A write by another process reaches this one as a notification; on PostgreSQL it arrives a moment after commit,
 * maybe after notifications of other, earlier writes (a sign-in's), so wait for the table's own.
 */
async function avisado(tabla: string, desde: number): Promise<void> {
  const hasta = Date.now() + 5000;
  while (!ctx.t.cambios!.cambioDesde([tabla], desde)) {
    if (Date.now() > hasta) throw new Error('el aviso del cambio no llegó');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('cached list reads', () => {
  it('answers a repeated read from memory, and the same bytes', async () => {
    const first = await leer();
    const second = await leer();
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toMatch(/application\/json/);
  });

  it('reads afresh for a caller that asks with Cache-Control: no-cache, and keeps that answer', async () => {
    await leer();
    const fresh = await ctx.t.app.inject({ url: LISTA, headers: { ...ctx.admin, 'cache-control': 'no-cache' } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['x-cache']).toBeUndefined();
    expect((await leer()).headers['x-cache']).toBe('hit');
  });

  it('still checks the caller: no session is 401 and a lacking code 403, even for a kept answer', async () => {
    await leer();
    expect((await ctx.t.app.inject({ url: LISTA })).statusCode).toBe(401);
    const comercial = await bearer(ctx.t.app, 'comercial', PASSWORDS.demo);
    expect((await leer(LISTA, comercial)).statusCode).toBe(403);
  });

  it('drops kept answers when this process writes, before the write is answered', async () => {
    const before = hosts(await leer());
    const [first] = await ctx.t.db
      .select({ id: dns.id, servidorId: dns.servidorId })
      .from(dns)
      .where(eq(dns.host, before[0]!));
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/dns/${first!.id}`,
      headers: ctx.admin,
      payload: { servidor_id: first!.servidorId, host: 'aaa-primero.physis.com.ar', tipo: 'A', ttl: 300, activo: true },
    });
    expect(res.statusCode).toBe(200);
    const after = await leer();
    expect(after.headers['x-cache']).toBeUndefined();
    expect(hosts(after)[0]).toBe('aaa-primero.physis.com.ar');
  });

  it('drops kept answers when another process changes a table they read', async () => {
    await leer();
    expect((await leer()).headers['x-cache']).toBe('hit');
    const desde = ctx.t.cambios!.generacion;
    // Straight to the database, as another server process would.
    await ctx.t.db.execute(
      sql`update dns set host = 'aaa-otro-proceso.physis.com.ar' where id = (select min(id) from dns)`,
    );
    await avisado('dns', desde);
    const after = await leer();
    expect(after.headers['x-cache']).toBeUndefined();
    expect(hosts(after)).toContain('aaa-otro-proceso.physis.com.ar');
  });

  it('serves nothing from memory while the change feed is down', async () => {
    await leer();
    ctx.t.cambios!.estado(false);
    expect((await leer()).headers['x-cache']).toBeUndefined();
    expect((await leer()).headers['x-cache']).toBeUndefined();
    ctx.t.cambios!.estado(true);
    await leer();
    expect((await leer()).headers['x-cache']).toBe('hit');
  });
});

describe('kept sessions', () => {
  it('a logged-out token is refused at once', async () => {
    expect((await leer()).statusCode).toBe(200);
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: ctx.admin })).statusCode,
    ).toBeLessThan(300);
    expect((await leer()).statusCode).toBe(401);
  });

  it('a code taken away or a user deactivated by another process takes effect on the next request', async () => {
    const { id, rolId } = await createUser(ctx.t.db, {
      usuario: 'cache-dns',
      password: 'Clave-Cache-1',
      codigos: ['>SERDNS#VER'],
    });
    const auth = await bearer(ctx.t.app, 'cache-dns', 'Clave-Cache-1');
    expect((await leer(LISTA, auth)).statusCode).toBe(200);
    expect((await leer(LISTA, auth)).statusCode).toBe(200);

    let desde = ctx.t.cambios!.generacion;
    await ctx.t.db.delete(rolPermisos).where(eq(rolPermisos.rolId, rolId));
    await avisado('rol_permisos', desde);
    expect((await leer(LISTA, auth)).statusCode).toBe(403);

    desde = ctx.t.cambios!.generacion;
    await ctx.t.db.update(usuarios).set({ activo: false }).where(eq(usuarios.id, id));
    await avisado('usuarios', desde);
    expect((await leer(LISTA, auth)).statusCode).toBe(401);
  });
});

describe('a change announced while an answer is being read', () => {
  /** A bare app whose cached route announces `tabla` in the middle of its read, as a late notification would. */
  async function leyendoMientras(tabla: string) {
    const cambios = new Cambios();
    cambios.estado(true);
    const app = Fastify();
    readCache(app, { cambios, conAviso: new Set(['dns', 'usuarios']) });
    let lecturas = 0;
    app.get('/api/x', { config: { access: 'public', cache: ['dns'] } }, async () => {
      lecturas += 1;
      if (lecturas === 1) cambios.avisar(tabla);
      return { lecturas };
    });
    const first = await app.inject({ url: '/api/x' });
    const second = await app.inject({ url: '/api/x' });
    await app.close();
    return { first: first.json<{ lecturas: number }>(), second };
  }

  it("keeps the answer when the change is to a table it does not read (a sign-in's late notice)", async () => {
    const { second } = await leyendoMientras('usuarios');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.json()).toEqual({ lecturas: 1 });
  });

  it('does not keep the answer when a table it reads changed during the read', async () => {
    const { second } = await leyendoMientras('dns');
    expect(second.headers['x-cache']).toBeUndefined();
    expect(second.json()).toEqual({ lecturas: 2 });
  });

  it('does not keep the answer when anything may have changed (a lost feed, a local write)', async () => {
    const { second } = await leyendoMientras(ALL_TABLES);
    expect(second.headers['x-cache']).toBeUndefined();
  });
});

describe('declaring a cached route', () => {
  it('refuses a route that reads a table which does not announce its changes', async () => {
    const app = Fastify();
    readCache(app, { cambios: new Cambios(), conAviso: new Set(['dns']) });
    expect(() =>
      app.get('/api/x', { config: { access: 'public', cache: ['dns', 'auditoria'] } }, async () => ({})),
    ).toThrow(CacheSinAvisoError);
    await app.close();
  });
});
