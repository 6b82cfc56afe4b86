import { BUSQUEDA_TIPOS, type BusquedaRespuesta } from '@intranet/contract/areas/busqueda';
import { describe, expect, it } from 'vitest';
import { dns, servidores } from '../../db/schema.ts';
import { freshApp, useTemplate, type Fresh } from '../../test/harness.ts';

const template = useTemplate();

async function buscar(
  ctx: Fresh<'admin' | 'comercial' | 'tecnico'>,
  headers: { authorization: string },
  query: string,
) {
  const res = await ctx.t.app.inject({ method: 'GET', url: `/api/busqueda?${query}`, headers });
  return { status: res.statusCode, body: res.json() as { error: unknown; datos: BusquedaRespuesta } };
}

describe('GET /api/busqueda (the command palette)', () => {
  const ctx = freshApp(template, ['admin', 'comercial', 'tecnico'], {
    setup: async ({ t }) => {
      const [servidor] = await t.db
        .insert(servidores)
        .values({ nombre: 'Zorzal producción', hostname: 'zorzal.physis.local', ipPublica: '200.1.2.3' })
        .returning();
      await t.db.insert(dns).values({ servidorId: servidor!.id, host: 'zorzal.physis.com.ar' });
      await t.db.insert(servidores).values({ nombre: 'Respaldo del zorzal' });
    },
  });

  it('asks every area the admin may read and finds records by a part of their names, the names that start with it first', async () => {
    const { status, body } = await buscar(ctx, ctx.admin, 'q=zorzal');
    expect(status).toBe(200);
    expect(body.datos.tipos).toEqual([...BUSQUEDA_TIPOS]);
    const servidoresHallados = body.datos.resultados.filter((r) => r.tipo === 'servidores');
    expect(servidoresHallados.map((r) => r.titulo)).toEqual(['Zorzal producción', 'Respaldo del zorzal']);
    expect(servidoresHallados[0]).toMatchObject({
      detalle: 'zorzal.physis.local · 200.1.2.3',
      enlace: expect.stringMatching(/^\/servidores\/\d+$/),
    });
    expect(body.datos.resultados.filter((r) => r.tipo === 'dns')).toEqual([
      expect.objectContaining({
        titulo: 'zorzal.physis.com.ar',
        detalle: 'A · Zorzal producción',
        enlace: expect.stringMatching(/^\/dns\/\d+$/),
      }),
    ]);
  });

  it('finds the demo data in every area, each kind in the palette’s order, at most five each, each with its screen', async () => {
    const hallados = new Set<string>();
    for (const q of ['physis', 'mar', 'com', 'ser', 'ana', 'ción', 'lia', 'error']) {
      const { body } = await buscar(ctx, ctx.admin, `q=${q}`);
      const tipos = body.datos.resultados.map((r) => r.tipo);
      expect([...tipos].sort((a, b) => BUSQUEDA_TIPOS.indexOf(a) - BUSQUEDA_TIPOS.indexOf(b))).toEqual(tipos);
      for (const tipo of BUSQUEDA_TIPOS) expect(tipos.filter((t) => t === tipo).length).toBeLessThanOrEqual(5);
      for (const r of body.datos.resultados) {
        expect(r.enlace).toMatch(/^\/[a-z]/);
        expect(r.titulo).not.toBe('');
        hallados.add(r.tipo);
      }
    }
    expect([...hallados].sort()).toEqual([...BUSQUEDA_TIPOS].sort());
  });

  it('finds a client by its CUIT, whole or in part, with or without dashes', async () => {
    const { body } = await buscar(ctx, ctx.admin, 'q=agropecuaria&tipos=clientes');
    const cliente = body.datos.resultados[0];
    expect(cliente?.detalle).toMatch(/^CUIT \d{2}-\d{8}-\d$/);
    const cuit = cliente!.detalle!.slice(5);
    for (const q of [cuit, cuit.replaceAll('-', ''), cuit.slice(3, 9)]) {
      const { body: porCuit } = await buscar(ctx, ctx.admin, `q=${encodeURIComponent(q)}&tipos=clientes`);
      expect(porCuit.datos.resultados.map((r) => r.id)).toContain(cliente!.id);
    }
  });

  it('finds what staff type: a client by its town or by an IP of its servers, a person by e-mail, a machine by serial', async () => {
    const titulos = async (q: string, tipos: string) =>
      (await buscar(ctx, ctx.admin, `q=${encodeURIComponent(q)}&tipos=${tipos}`)).body.datos.resultados;
    const enRosario = await titulos('rosario', 'clientes');
    expect(enRosario).toEqual([
      expect.objectContaining({
        titulo: 'Distribuidora del Litoral S.R.L.',
        detalle: expect.stringMatching(/^Rosario, Santa Fe · CUIT /),
      }),
    ]);
    // Its server's address, typed whole (the demo gives the second client's first server 192.168.11.10).
    const porIp = await titulos('192.168.11.10', 'clientes');
    expect(porIp).toEqual([
      expect.objectContaining({
        detalle: expect.stringMatching(/^Servidor .+ · 192\.168\.11\.10$/),
        enlace: expect.stringMatching(/^\/clientes\/\d+\?tab=servidores$/),
      }),
    ]);
    expect(await titulos('carla.benitez@physis.com.ar', 'personas')).toEqual([
      expect.objectContaining({ titulo: 'Benítez, Carla' }),
    ]);
    expect(await titulos('LE4EICP', 'maquinas')).toEqual([expect.objectContaining({ titulo: 'NB-COM-01' })]);
    // A client found by its name and its town is listed once.
    const formosa = await titulos('formosa', 'clientes');
    expect(new Set(formosa.map((r) => r.id)).size).toBe(formosa.length);
  });

  it('asks only what the caller may read: comercial finds clients and products, never servers', async () => {
    const { body } = await buscar(ctx, ctx.comercial, 'q=zorzal');
    expect(body.datos.tipos).toEqual(['clientes', 'productos']);
    expect(body.datos.resultados).toEqual([]);
    const tecnico = await buscar(ctx, ctx.tecnico, 'q=zorzal');
    expect(tecnico.body.datos.tipos).toEqual(['servidores', 'dns', 'versiones', 'paquetes', 'desarrollos', 'insights']);
    expect(tecnico.body.datos.resultados.map((r) => r.tipo)).toEqual(['servidores', 'servidores', 'dns']);
    // Naming a kind the caller may not read asks nothing.
    expect((await buscar(ctx, ctx.comercial, 'q=zorzal&tipos=servidores')).body.datos).toEqual({
      resultados: [],
      tipos: [],
    });
  });

  it('filters on the kinds named', async () => {
    const { body } = await buscar(ctx, ctx.admin, 'q=zorzal&tipos=dns');
    expect(body.datos.tipos).toEqual(['dns']);
    expect(body.datos.resultados.map((r) => r.tipo)).toEqual(['dns']);
  });

  it('takes % and _ as themselves, not as wildcards', async () => {
    for (const q of ['%25%25%25', '___', '%25z%25']) {
      const { status, body } = await buscar(ctx, ctx.admin, `q=${q}`);
      expect(status).toBe(200);
      expect(body.datos.resultados).toEqual([]);
    }
  });

  it('refuses what it cannot search, with the field’s error; without a session, 401', async () => {
    for (const [query, campo] of [
      ['q=a', 'q'],
      ['q=ab', 'q'],
      ['', 'q'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['q=zorzal&tipos=planetas', 'tipos.0'],
      ['q=zorzal&otro=1', ''],
    ] as const) {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/busqueda?${query}`, headers: ctx.admin });
      expect(res.statusCode, query).toBe(400);
      if (campo) expect(Object.keys(res.json().campos ?? {}), query).toContain(campo);
    }
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: '/api/busqueda?q=a%00b', headers: ctx.admin })).statusCode,
    ).toBe(400);
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/busqueda?q=zorzal' })).statusCode).toBe(401);
  });
});
