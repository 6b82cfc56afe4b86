import { instalacionesPage } from '@intranet/contract/areas/clientes';
import { envelope } from '@intranet/contract/shared/envelope';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientes, parametros, servidoresCliente } from '../../db/schema.ts';
import { bearer, createUser, freshApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();
const page = envelope(instalacionesPage);

describe('GET /api/empresas/instalaciones', () => {
  const ctx = freshApp(template, ['admin', 'comercial']);
  const lista = async (query: string, headers = ctx.comercial) => {
    const res = await ctx.t.app.inject({ url: `/api/empresas/instalaciones?${query}`, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const datos = async (query: string) => page.parse((await lista(query)).body).datos;
  const clienteId = async (razon: string) =>
    (await ctx.t.db.select({ id: clientes.id }).from(clientes).where(eq(clientes.razonSocial, razon)))[0]!.id;
  const parametrosDe = async (columna: typeof parametros.clienteId | typeof parametros.servidorId, id: number) =>
    (await ctx.t.db.select({ n: count() }).from(parametros).where(eq(columna, id)))[0]!.n;

  it('is refused without a session and without CLIENTES#VER (another code is not enough)', async () => {
    expect((await ctx.t.app.inject({ url: '/api/empresas/instalaciones' })).statusCode).toBe(401);
    await createUser(ctx.t.db, { usuario: 'instalaciones-sin', password: 'clave', codigos: ['SER#VER', 'PROD#VER'] });
    expect((await lista('', await bearer(ctx.t.app, 'instalaciones-sin', 'clave'))).status).toBe(403);
    await createUser(ctx.t.db, { usuario: 'instalaciones-ver', password: 'clave', codigos: ['CLIENTES#VER'] });
    expect((await lista('', await bearer(ctx.t.app, 'instalaciones-ver', 'clave'))).status).toBe(200);
  });

  it("counts every client and every installation, and each client's installations and parameters", async () => {
    const todos = await datos('size=200');
    expect(todos.total).toBe((await ctx.t.db.select({ n: count() }).from(clientes))[0]!.n);
    expect(todos.instalaciones).toBe((await ctx.t.db.select({ n: count() }).from(servidoresCliente))[0]!.n);
    expect(todos.items[0]!.razon_social).toBe('Agroinsumos Formosa S.A.');
    expect(todos.items[0]).toMatchObject({ servidores_count: 0, servidores: [] });
    expect(todos.items[0]!.parametros_count).toBe(await parametrosDe(parametros.clienteId, todos.items[0]!.id));

    const trebol = todos.items.find((e) => e.razon_social === 'Supermercados El Trébol S.A.')!;
    expect(trebol.servidores_count).toBe(3);
    expect(trebol.servidores.map((s) => s.nombre)).toEqual(['TREBOL-01', 'TREBOL-SUC2', 'TREBOL-SUC3']);
    expect(trebol.parametros_count).toBe(await parametrosDe(parametros.clienteId, trebol.id));
    for (const s of trebol.servidores)
      expect(s.parametros_count, s.nombre).toBe(await parametrosDe(parametros.servidorId, s.id));
    // The seed gives the first server its own parameters.
    expect(trebol.servidores[0]!.parametros_count).toBeGreaterThan(0);
  });

  it('searches by name or CUIT, with the installations of the clients found', async () => {
    const trebol = await datos('q=tr%C3%A9bol');
    expect(trebol.items.map((e) => e.razon_social)).toEqual(['Supermercados El Trébol S.A.']);
    expect(trebol).toMatchObject({ total: 1, instalaciones: 3 });

    const cuit = trebol.items[0]!.cuit;
    const conGuiones = `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;
    expect((await datos(`q=${conGuiones}`)).items.map((e) => e.id)).toEqual([trebol.items[0]!.id]);

    const agro = await datos('q=agro');
    expect(agro.total).toBeGreaterThan(1);
    expect(agro.instalaciones).toBe(agro.items.reduce((n, e) => n + e.servidores_count, 0));
    expect(agro.instalaciones).toBeGreaterThan(0);
    expect(await datos('q=no-existe-ningun-cliente')).toMatchObject({ items: [], total: 0, instalaciones: 0 });
  });

  it('follows a new installation parameter and sorts by installations', async () => {
    const id = await clienteId('Supermercados El Trébol S.A.');
    const antes = (await datos('q=tr%C3%A9bol')).items[0]!;
    const suc2 = antes.servidores.find((s) => s.nombre === 'TREBOL-SUC2')!;
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/empresas/${id}/parametros`,
      headers: ctx.admin,
      payload: { servidor_id: suc2.id, grupo: 'Servicio', clave: 'servicio.puerto', tipo: 'numero', valor: '8096' },
    });
    expect(res.statusCode).toBe(201);
    const despues = (await datos('q=tr%C3%A9bol')).items[0]!;
    expect(despues.parametros_count).toBe(antes.parametros_count + 1);
    expect(despues.servidores.find((s) => s.id === suc2.id)!.parametros_count).toBe(suc2.parametros_count + 1);

    const primero = (await datos('sort=-servidores_count&size=1')).items[0]!;
    expect(primero.servidores_count).toBe(3);
  });

  it('reads the next or previous page from a row (tras/antes) in every sort: the same pages as by number', async () => {
    const ids = async (query: string) => (await datos(query)).items.map((e) => e.id);
    for (const sort of ['servidores_count', '-servidores_count', 'cuit', '-razon_social']) {
      const base = `sort=${sort}&size=4`;
      const [p2, p3, p4] = [await ids(`${base}&page=2`), await ids(`${base}&page=3`), await ids(`${base}&page=4`)];
      expect(p3, sort).toHaveLength(4);
      expect(await ids(`${base}&page=3&tras=${p2.at(-1)}`), `${sort} tras`).toEqual(p3);
      expect(await ids(`${base}&page=3&antes=${p4[0]}`), `${sort} antes`).toEqual(p3);
    }
  });

  it('answers 400 with the field for a bad sort or page', async () => {
    const res = await lista('sort=parametros_count&page=0');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.campos)).toEqual(expect.arrayContaining(['sort', 'page']));
  });
});
