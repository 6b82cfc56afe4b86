import { envelope } from '@intranet/contract/shared/envelope';
import { importacionConteo, importacionSubida } from '@intranet/contract/shared/importacion';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { personas } from '../../db/schema.ts';
import { bearer, createUser, freshApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

function fresh() {
  return freshApp(template, [], {
    tmpFiles: 'importar-personas-',
    setup: async ({ t }) => {
      await createUser(t.db, { usuario: 'rrhh', password: 'clave', codigos: ['PHY-PER#TODO'] });
      await createUser(t.db, { usuario: 'otro', password: 'clave', codigos: ['PHY-MAQ#TODO'] });
      return { headers: await bearer(t.app, 'rrhh', 'clave'), ajeno: await bearer(t.app, 'otro', 'clave') };
    },
  });
}
type Ctx = ReturnType<typeof fresh>;
const BASE = '/api/personas/importaciones';

async function subir(ctx: Ctx, contenido: string | Buffer) {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: `${BASE}?nombre=personas.csv`,
    headers: { ...ctx.headers, 'content-type': 'text/csv' },
    payload: contenido,
  });
  expect(res.statusCode, res.body).toBe(201);
  return envelope(importacionSubida).parse(res.json()).datos;
}
const post = (ctx: Ctx, url: string, payload?: object) =>
  ctx.t.app.inject({ method: 'POST', url, headers: ctx.headers, ...(payload ? { payload } : {}) });
const importadas = (ctx: Ctx) =>
  ctx.t.db.select().from(personas).where(sql`${personas.email} like '%@importada.test'`).orderBy(personas.apellido);

describe('importing people', () => {
  const ctx = fresh();

  it('refuses a bad email by row and writes nothing; creates; updates by email; undoes; 409 once a row changed', async () => {
    const csv =
      'Last name,First name,E-mail,Área,Activo\nGómez,Ana,ana@importada.test,Soporte,Sí\nLópez,Bruno,bruno@importada.test,Ventas,No';
    const mala = await subir(ctx, `${csv}\nRuiz,Carla,carla(at)importada.test,,`);
    const rechazo = await post(ctx, `${BASE}/${mala.id}/importar`, { mapeo: mala.mapeo, modo: 'crear' });
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json().campos).toEqual({ 'fila 4': ['Email: Email inválido'] });
    expect(await importadas(ctx)).toEqual([]);

    const subida = await subir(ctx, csv);
    expect(subida.mapeo).toMatchObject({
      apellido: 'Last name',
      nombre: 'First name',
      email: 'E-mail',
      area: 'Área',
      activo: 'Activo',
    });
    expect((await post(ctx, `${BASE}/${subida.id}/importar`, { mapeo: subida.mapeo, modo: 'crear' })).statusCode).toBe(
      200,
    );
    expect((await importadas(ctx)).map((p) => [p.apellido, p.area, p.activo])).toEqual([
      ['Gómez', 'Soporte', true],
      ['López', 'Ventas', false],
    ]);

    const cambio = await subir(ctx, 'Email;Puesto\nANA@importada.test;Analista\n');
    const ensayo = envelope(importacionConteo).parse(
      (await post(ctx, `${BASE}/${cambio.id}/ensayo`, { mapeo: cambio.mapeo, modo: 'actualizar' })).json(),
    ).datos;
    expect(ensayo).toMatchObject({ crear: 0, actualizar: 1, sin_cambios: 0, rechazadas: 0 });
    expect(
      (await post(ctx, `${BASE}/${cambio.id}/importar`, { mapeo: cambio.mapeo, modo: 'actualizar' })).statusCode,
    ).toBe(200);
    expect((await importadas(ctx))[0]!.puesto).toBe('Analista');

    expect((await post(ctx, `${BASE}/${subida.id}/deshacer`)).json().error).toBe(
      'No se puede deshacer: la fila 2 del archivo se modificó o eliminó después de importarse',
    );
    expect((await post(ctx, `${BASE}/${cambio.id}/deshacer`)).statusCode).toBe(200);
    expect((await importadas(ctx))[0]!.puesto).toBeNull();
  });

  it('imports its own export back unchanged (round trip), people without email too, found by their Id', async () => {
    await ctx.t.db.insert(personas).values([
      { apellido: 'Sinmail', nombre: 'Uno', area: 'Soporte' },
      { apellido: 'Sinmail', nombre: 'Dos', activo: false },
    ]);
    const exportado = await ctx.t.app.inject({ url: '/api/personas/export.csv', headers: ctx.headers });
    expect(exportado.body).toMatch(/^\uFEFF?Id,Apellido,Nombre,/);
    const subida = await subir(ctx, exportado.rawPayload);
    expect(subida.mapeo).toMatchObject({ id: 'Id', email: 'Email' });
    expect(subida.clave_titulo).toBe('Id o Email');
    const total = (await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(personas))[0]!.n;
    const pedido = { mapeo: subida.mapeo, modo: 'actualizar' };
    const ensayo = envelope(importacionConteo).parse(
      (await post(ctx, `${BASE}/${subida.id}/ensayo`, pedido)).json(),
    ).datos;
    expect(ensayo).toMatchObject({ crear: 0, actualizar: 0, sin_cambios: total, rechazadas: 0, rechazos: [] });
    expect((await post(ctx, `${BASE}/${subida.id}/importar`, pedido)).statusCode).toBe(200);
    expect((await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(personas))[0]!.n).toBe(total);
  });

  it('updates by Id a person without email, writes a changed email, and refuses an unknown or repeated Id by row', async () => {
    const [sinEmail] = await ctx.t.db
      .insert(personas)
      .values({ apellido: 'Contacto', nombre: 'Sin correo' })
      .returning({ id: personas.id });
    const id = sinEmail!.id;
    const malo = await subir(
      ctx,
      `Id,Apellido,Nombre\n${id},Contacto,Sin correo\n${id},Contacto,Repetido\n99999999,Fantasma,Nadie\n1.5,Medio,Id\n`,
    );
    const rechazo = await post(ctx, `${BASE}/${malo.id}/importar`, { mapeo: malo.mapeo, modo: 'actualizar' });
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json().campos).toEqual({
      'fila 3': [`Id: se repite en la fila 2`],
      'fila 4': ['Id: no hay un registro con el id 99999999 (¿se eliminó?); deje la celda vacía para crearlo de nuevo'],
      'fila 5': ['Id: debe ser un número entero positivo'],
    });

    const bueno = await subir(ctx, `Id;Email;Puesto\n${id};contacto@importada.test;Compras\n`);
    const res = await post(ctx, `${BASE}/${bueno.id}/importar`, { mapeo: bueno.mapeo, modo: 'actualizar' });
    expect(res.json().datos).toMatchObject({ crear: 0, actualizar: 1 });
    const [persona] = await ctx.t.db.select().from(personas).where(eq(personas.id, id));
    expect(persona).toMatchObject({ apellido: 'Contacto', email: 'contacto@importada.test', puesto: 'Compras' });
    // In create mode the Id is not read: the row is a new person.
    const copia = await subir(ctx, `Id,Apellido,Nombre\n${id},Contacto,Copia\n`);
    expect(
      (await post(ctx, `${BASE}/${copia.id}/importar`, { mapeo: copia.mapeo, modo: 'crear' })).json().datos,
    ).toMatchObject({ crear: 1 });
  });

  it('answers 403 without PHY-PER#TODO', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `${BASE}?nombre=x.csv`,
      headers: { ...ctx.ajeno, 'content-type': 'text/csv' },
      payload: 'Nombre\nx',
    });
    expect(res.statusCode).toBe(403);
    expect(await ctx.t.db.select().from(personas).where(eq(personas.nombre, 'x'))).toEqual([]);
  });
});
