import { envelope } from '@intranet/contract/shared/envelope';
import { importacionConteo, importacionSubida } from '@intranet/contract/shared/importacion';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientes, physisLicencias } from '../../../db/schema.ts';
import { bearer, createUser, freshApp, useTemplate } from '../../../test/harness.ts';

const template = useTemplate();

function fresh() {
  return freshApp(template, [], {
    tmpFiles: 'importar-licencias-',
    setup: async ({ t }) => {
      await createUser(t.db, { usuario: 'ventas', password: 'clave', codigos: ['CLIENTES#VER', 'CLIENTES#EDITAR'] });
      await createUser(t.db, { usuario: 'lector', password: 'clave', codigos: ['CLIENTES#VER'] });
      return { headers: await bearer(t.app, 'ventas', 'clave'), lector: await bearer(t.app, 'lector', 'clave') };
    },
  });
}
type Ctx = ReturnType<typeof fresh>;
const BASE = '/api/vencimientos/licencias/importaciones';

async function subir(ctx: Ctx, contenido: string) {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: `${BASE}?nombre=licencias.csv`,
    headers: { ...ctx.headers, 'content-type': 'text/csv' },
    payload: contenido,
  });
  expect(res.statusCode, res.body).toBe(201);
  return envelope(importacionSubida).parse(res.json()).datos;
}
const post = (ctx: Ctx, url: string, payload?: object) =>
  ctx.t.app.inject({ method: 'POST', url, headers: ctx.headers, ...(payload ? { payload } : {}) });
const importadas = (ctx: Ctx) =>
  ctx.t.db
    .select()
    .from(physisLicencias)
    .where(sql`${physisLicencias.serial} ilike 'IMP-%'`)
    .orderBy(physisLicencias.serial);

describe('importing Physis licences', () => {
  const ctx = fresh();

  it('refuses by row an unknown product and a yearly licence without expiry; creates; updates by serial; undoes', async () => {
    const [cliente] = await ctx.t.db.select().from(clientes).limit(1);
    const csv = `CUIT;Producto;Tipo;Usuarios;Serial;Inicio;Vence\n${cliente!.cuit};PHY-ERP;Anual;10;IMP-1;01/01/2026;31/12/2026\n${cliente!.cuit};Physis Sueldos;perpetua;5;IMP-2;2026-02-01;`;
    const mala = await subir(
      ctx,
      `${csv}\n${cliente!.cuit};Tostadora;Anual;1;IMP-3;2026-01-01;2026-12-31\n${cliente!.cuit};PHY-ERP;Anual;1;IMP-4;2026-01-01;`,
    );
    const rechazo = await post(ctx, `${BASE}/${mala.id}/importar`, { mapeo: mala.mapeo, modo: 'crear' });
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json().campos).toEqual({
      'fila 4': ['Producto: no hay un producto «Tostadora»'],
      'fila 5': ['Una licencia anual o mensual necesita vencimiento'],
    });
    expect(await importadas(ctx)).toEqual([]);

    const subida = await subir(ctx, csv);
    expect((await post(ctx, `${BASE}/${subida.id}/importar`, { mapeo: subida.mapeo, modo: 'crear' })).statusCode).toBe(
      200,
    );
    expect((await importadas(ctx)).map((l) => [l.serial, l.tipo, l.usuarios, l.inicio, l.vence])).toEqual([
      ['IMP-1', 'anual', 10, '2026-01-01', '2026-12-31'],
      ['IMP-2', 'perpetua', 5, '2026-02-01', null],
    ]);
    const cambio = await subir(
      ctx,
      `Serial,CUIT,Producto,Tipo,Usuarios,Inicio,Vence\nimp-1,${cliente!.cuit},PHY-ERP,Anual,20,2026-01-01,2026-12-31\n`,
    );
    const ensayo = envelope(importacionConteo).parse(
      (await post(ctx, `${BASE}/${cambio.id}/ensayo`, { mapeo: cambio.mapeo, modo: 'actualizar' })).json(),
    ).datos;
    expect(ensayo).toMatchObject({ crear: 0, actualizar: 1, rechazadas: 0 });
    expect(
      (await post(ctx, `${BASE}/${cambio.id}/importar`, { mapeo: cambio.mapeo, modo: 'actualizar' })).statusCode,
    ).toBe(200);
    const uno = async () => (await importadas(ctx)).find((l) => l.serial?.toLowerCase() === 'imp-1')!;
    expect((await uno()).usuarios).toBe(20);
    expect((await post(ctx, `${BASE}/${subida.id}/deshacer`)).statusCode).toBe(409);
    expect((await post(ctx, `${BASE}/${cambio.id}/deshacer`)).statusCode).toBe(200);
    expect(await uno()).toMatchObject({ usuarios: 10, serial: 'IMP-1' });
  });

  it('imports the Physis grid’s export back unchanged (round trip), licences without serial too, found by their Id', async () => {
    const [cliente] = await ctx.t.db.select().from(clientes).limit(1);
    const sinSerial = await subir(
      ctx,
      `CUIT,Producto,Tipo,Usuarios,Inicio,Vence\n${cliente!.cuit},PHY-ERP,Mensual,3,2026-01-01,2026-02-01\n`,
    );
    expect(
      (await post(ctx, `${BASE}/${sinSerial.id}/importar`, { mapeo: sinSerial.mapeo, modo: 'crear' })).statusCode,
    ).toBe(200);

    const exportado = await ctx.t.app.inject({ url: '/api/vencimientos/physis/export.csv', headers: ctx.headers });
    expect(exportado.statusCode).toBe(200);
    const subida = await subir(ctx, exportado.body);
    expect(subida.mapeo).toMatchObject({
      id: 'Id',
      cuit: 'CUIT',
      producto: 'Producto',
      modulo: 'Módulo',
      tipo: 'Tipo',
      usuarios: 'Usuarios',
      serial: 'Serial',
      inicio: 'Inicio',
      vence: 'Vence',
      baja: 'Baja',
      renovacion_auto: 'Renovación automática',
    });
    const filas = subida.filas;
    expect(filas).toBeGreaterThan(1);
    const pedido = { mapeo: subida.mapeo, modo: 'actualizar' };
    const ensayo = envelope(importacionConteo).parse(
      (await post(ctx, `${BASE}/${subida.id}/ensayo`, pedido)).json(),
    ).datos;
    expect(ensayo).toMatchObject({ crear: 0, actualizar: 0, sin_cambios: filas, rechazadas: 0, rechazos: [] });
    const antes = await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(physisLicencias);
    expect((await post(ctx, `${BASE}/${subida.id}/importar`, pedido)).statusCode).toBe(200);
    expect(await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(physisLicencias)).toEqual(antes);
  });

  it('answers 403 to who only reads clients', async () => {
    expect((await ctx.t.app.inject({ url: `${BASE}/plantilla.csv`, headers: ctx.lector })).statusCode).toBe(403);
  });
});
