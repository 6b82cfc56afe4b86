import { isValidCuit } from '@intranet/contract/shared/cuit';
import { envelope } from '@intranet/contract/shared/envelope';
import { importacionConteo, importacionResultado, importacionSubida } from '@intranet/contract/shared/importacion';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientes, servidoresCliente } from '../../db/schema.ts';
import { bearer, createUser, freshApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

function fresh() {
  return freshApp(template, [], {
    tmpFiles: 'importar-clientes-',
    setup: async ({ t }) => {
      await createUser(t.db, { usuario: 'ventas', password: 'clave', codigos: ['CLIENTES#VER', 'CLIENTES#EDITAR'] });
      await createUser(t.db, { usuario: 'lector', password: 'clave', codigos: ['CLIENTES#VER'] });
      return { headers: await bearer(t.app, 'ventas', 'clave'), lector: await bearer(t.app, 'lector', 'clave') };
    },
  });
}
type Ctx = ReturnType<typeof fresh>;

/** A valid CUIT 30-9xxxxxxx-d for `n`, as typed with dashes. */
function cuit(n: number): string {
  for (let d = 0; d <= 9; d += 1) {
    const c = `309${String(n).padStart(7, '0')}${d}`;
    if (isValidCuit(c)) return `${c.slice(0, 2)}-${c.slice(2, 10)}-${c.slice(10)}`;
  }
  return cuit(n + 1_000_000);
}
const digitos = (c: string) => c.replaceAll('-', '');
/** The same CUIT with a wrong check digit. */
const malo = (c: string) => `${c.slice(0, -1)}${(Number(c.at(-1)) + 1) % 10}`;

async function subir(ctx: Ctx, ruta: string, contenido: string | Buffer, nombre = 'clientes.csv') {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: `${ruta}/importaciones?nombre=${nombre}`,
    headers: { ...ctx.headers, 'content-type': 'text/csv' },
    payload: contenido,
  });
  expect(res.statusCode, res.body).toBe(201);
  return envelope(importacionSubida).parse(res.json()).datos;
}
const post = (ctx: Ctx, url: string, payload?: object) =>
  ctx.t.app.inject({ method: 'POST', url, headers: ctx.headers, ...(payload ? { payload } : {}) });

const [A, B, C] = [cuit(1), cuit(2), cuit(3)];
const CSV = [
  'Razón social,CUIT,Condición IVA,Localidad,Provincia,Activo',
  `Importada Uno S.A.,${A},Responsable inscripto,Rosario,Santa Fe,Sí`,
  `Importada Dos SRL,${B},monotributo,Córdoba,cordoba,No`,
].join('\n');

describe('importing clients and their servers', () => {
  const ctx = fresh();

  it('refuses a wrong CUIT check digit by row, writes nothing; then creates, updates by CUIT, undoes the update, and 409 for the first', async () => {
    const conError = await subir(ctx, '/api/empresas', `${CSV}\nImportada Tres SA,${malo(C)},Exento,,,`);
    expect(conError.clave_titulo).toBe('CUIT');
    const rechazo = await post(ctx, `/api/empresas/importaciones/${conError.id}/importar`, {
      mapeo: conError.mapeo,
      modo: 'crear',
    });
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json().campos).toEqual({ 'fila 4': ['CUIT: El dígito verificador del CUIT no es válido'] });
    expect(
      await ctx.t.db
        .select()
        .from(clientes)
        .where(inArray(clientes.cuit, [digitos(A), digitos(B)])),
    ).toEqual([]);

    const subida = await subir(ctx, '/api/empresas', CSV);
    const hecha = await post(ctx, `/api/empresas/importaciones/${subida.id}/importar`, {
      mapeo: subida.mapeo,
      modo: 'crear',
    });
    expect(hecha.statusCode, hecha.body).toBe(200);
    const creadas = await ctx.t.db
      .select()
      .from(clientes)
      .where(inArray(clientes.cuit, [digitos(A), digitos(B)]))
      .orderBy(clientes.razonSocial);
    expect(creadas.map((e) => [e.razonSocial, e.condicionIva, e.provincia, e.activo])).toEqual([
      ['Importada Dos SRL', 'monotributo', 'Córdoba', false],
      ['Importada Uno S.A.', 'responsable_inscripto', 'Santa Fe', true],
    ]);

    // By CUIT, typed without dashes: one changed, one as it is, one new.
    const otra = await subir(ctx, '/api/empresas', `CUIT;Localidad\n${digitos(A)};Funes\n${digitos(B)};Córdoba\n`);
    const ensayo = envelope(importacionConteo).parse(
      (
        await post(ctx, `/api/empresas/importaciones/${otra.id}/ensayo`, { mapeo: otra.mapeo, modo: 'actualizar' })
      ).json(),
    ).datos;
    expect(ensayo).toMatchObject({ crear: 0, actualizar: 1, sin_cambios: 1, rechazadas: 0 });
    expect(
      (await post(ctx, `/api/empresas/importaciones/${otra.id}/importar`, { mapeo: otra.mapeo, modo: 'actualizar' }))
        .statusCode,
    ).toBe(200);
    const [uno] = await ctx.t.db
      .select()
      .from(clientes)
      .where(eq(clientes.cuit, digitos(A)));
    expect([uno!.localidad, uno!.razonSocial]).toEqual(['Funes', 'Importada Uno S.A.']);

    // The first import cannot be undone now (row 2 changed since); the second can.
    const bloqueada = await post(ctx, `/api/empresas/importaciones/${subida.id}/deshacer`);
    expect(bloqueada.statusCode).toBe(409);
    expect(bloqueada.json().error).toBe(
      'No se puede deshacer: la fila 2 del archivo se modificó o eliminó después de importarse',
    );
    const deshecha = await post(ctx, `/api/empresas/importaciones/${otra.id}/deshacer`);
    expect(envelope(importacionResultado).parse(deshecha.json()).datos.estado).toBe('deshecha');
    expect(
      (
        await ctx.t.db
          .select()
          .from(clientes)
          .where(eq(clientes.cuit, digitos(A)))
      )[0]!.localidad,
    ).toBe('Rosario');
    // Putting row 2 back was a change too: the first import stays as it is.
    expect((await post(ctx, `/api/empresas/importaciones/${subida.id}/deshacer`)).statusCode).toBe(409);
    expect(
      await ctx.t.db
        .select()
        .from(clientes)
        .where(inArray(clientes.cuit, [digitos(A), digitos(B)])),
    ).toHaveLength(2);
  });

  it("imports servers by their client's CUIT: an unknown CUIT refused by row, then created and updated by CUIT and name", async () => {
    const [cliente] = await ctx.t.db.select().from(clientes).limit(1);
    const suyo = `${cliente!.cuit.slice(0, 2)}-${cliente!.cuit.slice(2, 10)}-${cliente!.cuit.slice(10)}`;
    const ruta = '/api/empresas/servidores';
    const csv = [
      'CUIT del cliente;Servidor;Hostname;Puerto;Motor de base de datos;Versión Physis',
      `${suyo};SRV-IMP-A;srv-a.local;1433;SQL Server 2019;8.4.2`,
      `${suyo};SRV-IMP-B;;;;`,
    ].join('\n');
    const desconocido = await subir(ctx, ruta, `${csv}\n${C};SRV-IMP-C;;;;`, 'servidores.csv');
    expect(desconocido.clave_titulo).toBe('CUIT y nombre');
    const rechazo = await post(ctx, `${ruta}/importaciones/${desconocido.id}/importar`, {
      mapeo: desconocido.mapeo,
      modo: 'crear',
    });
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json().campos).toEqual({ 'fila 4': [`CUIT del cliente: no hay un cliente con el CUIT ${C}`] });
    expect(
      await ctx.t.db.select().from(servidoresCliente).where(sql`${servidoresCliente.nombre} like 'SRV-IMP-%'`),
    ).toEqual([]);

    const subida = await subir(ctx, ruta, csv, 'servidores.csv');
    expect(
      (await post(ctx, `${ruta}/importaciones/${subida.id}/importar`, { mapeo: subida.mapeo, modo: 'crear' }))
        .statusCode,
    ).toBe(200);
    const creados = await ctx.t.db
      .select()
      .from(servidoresCliente)
      .where(sql`${servidoresCliente.nombre} like 'SRV-IMP-%'`)
      .orderBy(servidoresCliente.nombre);
    expect(creados.map((s) => [s.clienteId, s.nombre, s.puerto, s.versionPhysis])).toEqual([
      [cliente!.id, 'SRV-IMP-A', 1433, '8.4.2'],
      [cliente!.id, 'SRV-IMP-B', null, null],
    ]);
    const cambio = await subir(
      ctx,
      ruta,
      `CUIT;nombre;Versión Physis\n${cliente!.cuit};srv-imp-b;8.5.0\n`,
      'servidores.csv',
    );
    const ensayo = envelope(importacionConteo).parse(
      (
        await post(ctx, `${ruta}/importaciones/${cambio.id}/ensayo`, { mapeo: cambio.mapeo, modo: 'actualizar' })
      ).json(),
    ).datos;
    expect(ensayo).toMatchObject({ crear: 0, actualizar: 1, sin_cambios: 0 });
  });

  it('imports its own export back unchanged (round trip)', async () => {
    const exportado = await ctx.t.app.inject({ url: '/api/empresas/export.csv', headers: ctx.headers });
    const subida = await subir(ctx, '/api/empresas', exportado.rawPayload);
    expect(subida.mapeo).toMatchObject({
      razon_social: 'Razón social',
      cuit: 'CUIT',
      condicion_iva: 'Condición IVA',
      provincia: 'Provincia',
      activo: 'Activo',
    });
    const total = (await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(clientes))[0]!.n;
    const ensayo = envelope(importacionConteo).parse(
      (
        await post(ctx, `/api/empresas/importaciones/${subida.id}/ensayo`, { mapeo: subida.mapeo, modo: 'actualizar' })
      ).json(),
    ).datos;
    expect(ensayo.rechazos).toEqual([]);
    expect(ensayo).toMatchObject({ crear: 0, actualizar: 0, sin_cambios: total });
  });

  it('answers 403 to who only reads clients', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/empresas/importaciones?nombre=x.csv',
      headers: { ...ctx.lector, 'content-type': 'text/csv' },
      payload: CSV,
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await ctx.t.app.inject({ url: '/api/empresas/servidores/importaciones/plantilla.csv', headers: ctx.lector }))
        .statusCode,
    ).toBe(403);
  });
});
