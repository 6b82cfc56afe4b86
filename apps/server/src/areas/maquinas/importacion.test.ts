import { envelope } from '@intranet/contract/shared/envelope';
import {
  importacionConteo,
  importacionResultado,
  importacionSubida,
  importacionVistaPrevia,
} from '@intranet/contract/shared/importacion';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { auditoria, maquinas } from '../../db/schema.ts';
import { bearer, createUser, freshApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

/** A fresh copy of the seeded database with a file store, signed in as the inventory keeper and as someone else. */
function fresh() {
  return freshApp(template, [], {
    tmpFiles: 'importar-maquinas-',
    setup: async ({ t }) => {
      await createUser(t.db, { usuario: 'inventario', password: 'clave', codigos: ['PHY-MAQ#TODO'] });
      await createUser(t.db, { usuario: 'ventas', password: 'clave', codigos: ['CLIENTES#VER'] });
      return { headers: await bearer(t.app, 'inventario', 'clave'), ajeno: await bearer(t.app, 'ventas', 'clave') };
    },
  });
}

type Ctx = ReturnType<typeof fresh>;
const BASE = '/api/maquinas/importaciones';

async function subir(ctx: Ctx, contenido: string | Buffer, nombre = 'maquinas.csv') {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: `${BASE}?nombre=${encodeURIComponent(nombre)}`,
    headers: { ...ctx.headers, 'content-type': 'text/csv' },
    payload: contenido,
  });
  expect(res.statusCode, res.body).toBe(201);
  return envelope(importacionSubida).parse(res.json()).datos;
}

const post = (ctx: Ctx, url: string, payload?: object) =>
  ctx.t.app.inject({ method: 'POST', url, headers: ctx.headers, ...(payload ? { payload } : {}) });

const CSV = [
  'Nombre;Nº de inventario;Tipo;Estado;RAM (GB);Fecha de compra;Ubicación',
  'NB-CSV-01;INV-CSV-01;Notebook;Disponible;16;01/03/2025;Depósito',
  'NB-CSV-02;INV-CSV-02;notebook;disponible;8;2025-03-02;Depósito',
  'PC-CSV-03;INV-CSV-03;PC;Reparación;;;Taller',
].join('\n');

describe('importing machines from a spreadsheet', () => {
  const ctx = fresh();

  it('guesses the mapping from Spanish and English headers, accents ignored, and previews each row', async () => {
    const subida = await subir(
      ctx,
      'name,NRO INVENTARIO,type,ubicacion,Memoria,Whatever\nNB-X,INV-X,Máquina virtual,Acá,4,?\n',
    );
    expect(subida.columnas).toEqual(['name', 'NRO INVENTARIO', 'type', 'ubicacion', 'Memoria', 'Whatever']);
    expect(subida.mapeo).toMatchObject({
      nombre: 'name',
      nro_inventario: 'NRO INVENTARIO',
      tipo: 'type',
      ubicacion: 'ubicacion',
      ram_gb: 'Memoria',
      serie: null,
    });
    expect(subida).toMatchObject({ filas: 1, clave: 'nro_inventario' });
    const vista = await post(ctx, `${BASE}/${subida.id}/vista-previa`, { mapeo: subida.mapeo });
    expect(envelope(importacionVistaPrevia).parse(vista.json()).datos).toEqual({
      total: 1,
      con_errores: 0,
      filas: [expect.objectContaining({ fila: 2, errores: {} })],
    });
  });

  it("refuses the whole file with each row's errors by number, imports nothing, and lists the refused rows as CSV", async () => {
    const malo = `${CSV}\nNB-CSV-04;INV-CSV-04;Tostadora;Disponible;mucha;32/13/2025;\nPC-CSV-05;INV-CSV-05;PC;En uso;;;\n;INV-CSV-06;PC;;;;`;
    const subida = await subir(ctx, malo);
    const vista = envelope(importacionVistaPrevia).parse(
      (await post(ctx, `${BASE}/${subida.id}/vista-previa`, { mapeo: subida.mapeo, solo_errores: true })).json(),
    ).datos;
    expect(vista.con_errores).toBe(3);
    expect(vista.filas.map((f) => f.fila)).toEqual([5, 6, 7]);
    expect(vista.filas[0]!.errores).toMatchObject({
      tipo: [expect.stringContaining('use uno de: Notebook')],
      ram_gb: ['Debe ser un número'],
      fecha_compra: [expect.any(String)],
    });
    expect(vista.filas[1]!.errores['']).toEqual(['Estado: «En uso» lo pone «Asignar»; elija otro estado']);
    expect(vista.filas[2]!.errores.nombre).toEqual(['Es obligatorio']);

    const ensayo = envelope(importacionConteo).parse(
      (await post(ctx, `${BASE}/${subida.id}/ensayo`, { mapeo: subida.mapeo, modo: 'crear' })).json(),
    ).datos;
    expect(ensayo).toMatchObject({ crear: 3, actualizar: 0, sin_cambios: 0, rechazadas: 3 });
    expect(ensayo.rechazos.map((r) => r.fila)).toEqual([5, 6, 7]);

    const res = await post(ctx, `${BASE}/${subida.id}/importar`, { mapeo: subida.mapeo, modo: 'crear' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('No se importó nada: 3 filas tienen errores');
    expect(Object.keys(res.json().campos)).toEqual(['fila 5', 'fila 6', 'fila 7']);
    expect(res.json().campos['fila 6']).toContain('Estado: «En uso» lo pone «Asignar»; elija otro estado');
    const quedaron = await ctx.t.db.select().from(maquinas).where(sql`${maquinas.nombre} like 'NB-CSV-%'`);
    expect(quedaron).toEqual([]);

    const csv = await ctx.t.app.inject({ url: `${BASE}/${subida.id}/rechazadas.csv`, headers: ctx.headers });
    expect(csv.headers['content-type']).toContain('text/csv');
    const filas = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(filas.map((f) => f.Nombre)).toEqual(['NB-CSV-04', 'PC-CSV-05', '']);
    expect(filas[0]!.error).toContain('Tipo: Valor no válido');
  });

  it('creates, then updates by nro_inventario, counts the unchanged; undone within a day, and 409 once a row changed', async () => {
    const subida = await subir(ctx, CSV);
    const hecha = await post(ctx, `${BASE}/${subida.id}/importar`, { mapeo: subida.mapeo, modo: 'crear' });
    expect(hecha.statusCode, hecha.body).toBe(200);
    const resultado = envelope(importacionResultado).parse(hecha.json()).datos;
    expect(resultado).toMatchObject({ crear: 3, rechazadas: 0, estado: 'importada' });
    const creadas = await ctx.t.db
      .select()
      .from(maquinas)
      .where(sql`${maquinas.nroInventario} like 'INV-CSV-%'`)
      .orderBy(maquinas.nombre);
    expect(creadas.map((m) => [m.nombre, m.tipo, m.estado, m.ramGb, m.fechaCompra])).toEqual([
      ['NB-CSV-01', 'notebook', 'disponible', 16, '2025-03-01'],
      ['NB-CSV-02', 'notebook', 'disponible', 8, '2025-03-02'],
      ['PC-CSV-03', 'pc', 'reparacion', null, null],
    ]);
    const [entrada] = await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'importar'));
    expect(entrada).toMatchObject({ entidad: 'maquina', usuarioNombre: expect.any(String) });
    expect((entrada!.despues as { creados: number[] }).creados.sort()).toEqual(creadas.map((m) => m.id).sort());

    // Again, as an update by key: one row changed, two as they are, one new.
    const otra = await subir(
      ctx,
      `${CSV.replace(
        'Depósito\nNB-CSV-02;INV-CSV-02;notebook;disponible;8',
        'Depósito\nNB-CSV-02;inv-csv-02;notebook;disponible;32',
      )}\nVM-CSV-04;INV-CSV-04;Máquina virtual;;;;`,
    );
    const ensayo = envelope(importacionConteo).parse(
      (await post(ctx, `${BASE}/${otra.id}/ensayo`, { mapeo: otra.mapeo, modo: 'actualizar' })).json(),
    ).datos;
    expect(ensayo).toMatchObject({ crear: 1, actualizar: 1, sin_cambios: 2, rechazadas: 0 });
    const segunda = await post(ctx, `${BASE}/${otra.id}/importar`, { mapeo: otra.mapeo, modo: 'actualizar' });
    expect(segunda.statusCode, segunda.body).toBe(200);
    const [nb2] = await ctx.t.db.select().from(maquinas).where(eq(maquinas.nombre, 'NB-CSV-02'));
    expect(nb2!.ramGb).toBe(32);

    // The second import is undone: NB-CSV-02 back to 8 GB, VM-CSV-04 gone.
    const deshecha = await post(ctx, `${BASE}/${otra.id}/deshacer`);
    expect(deshecha.statusCode, deshecha.body).toBe(200);
    expect(envelope(importacionResultado).parse(deshecha.json()).datos.estado).toBe('deshecha');
    const [nb2b] = await ctx.t.db.select().from(maquinas).where(eq(maquinas.nombre, 'NB-CSV-02'));
    expect(nb2b!.ramGb).toBe(8);
    expect(await ctx.t.db.select().from(maquinas).where(eq(maquinas.nombre, 'VM-CSV-04'))).toEqual([]);
    expect((await post(ctx, `${BASE}/${otra.id}/deshacer`)).statusCode).toBe(409);

    // The first one no longer can: a row of it was edited since.
    const editada = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/maquinas/${creadas[2]!.id}`,
      headers: ctx.headers,
      payload: { nombre: 'PC-CSV-03', nro_inventario: 'INV-CSV-03', tipo: 'pc', estado: 'disponible' },
    });
    expect(editada.statusCode, editada.body).toBe(200);
    const rechazo = await post(ctx, `${BASE}/${subida.id}/deshacer`);
    expect(rechazo.statusCode).toBe(409);
    // Row 3 was updated and put back by the second import and its undo; row 4 was edited by hand.
    expect(rechazo.json().error).toBe(
      'No se puede deshacer: las filas 3 y 4 del archivo se modificaron o eliminaron después de importarse',
    );
    expect(
      await ctx.t.db
        .select({ id: maquinas.id })
        .from(maquinas)
        .where(
          inArray(
            maquinas.id,
            creadas.map((m) => m.id),
          ),
        ),
    ).toHaveLength(3);
  });

  it('imports only the valid rows when asked, leaving the refused ones in their CSV; Deshacer takes back what went in', async () => {
    const [existente] = await ctx.t.db.select().from(maquinas).limit(1);
    const archivo = [
      'Nombre;Nº de inventario;Tipo;Estado',
      'NB-VAL-01;INV-VAL-01;Notebook;Disponible',
      'NB-VAL-02;INV-VAL-02;Tostadora;Disponible',
      'NB-VAL-03;INV-VAL-03;Notebook;Disponible',
      `${existente!.nombre};INV-VAL-04;PC;Disponible`,
      'NB-VAL-05;INV-VAL-05;PC;Disponible',
      ';INV-VAL-06;PC;Disponible',
      'NB-VAL-07;INV-VAL-07;Notebook;Baja',
    ].join('\n');
    const subida = await subir(ctx, archivo);
    const pedido = { mapeo: subida.mapeo, modo: 'crear' };
    // The dry run counts the database's refusal (a name taken) as refused, not as created.
    const ensayo = envelope(importacionConteo).parse(
      (await post(ctx, `${BASE}/${subida.id}/ensayo`, pedido)).json(),
    ).datos;
    expect(ensayo).toMatchObject({ crear: 4, rechazadas: 3 });
    // All or nothing by default.
    expect((await post(ctx, `${BASE}/${subida.id}/importar`, pedido)).statusCode).toBe(400);
    const bad = await post(ctx, `${BASE}/${subida.id}/importar`, { ...pedido, solo_validas: 'sí' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().campos).toEqual({ solo_validas: ['Debe ser verdadero o falso'] });

    const hecha = await post(ctx, `${BASE}/${subida.id}/importar`, { ...pedido, solo_validas: true });
    expect(hecha.statusCode, hecha.body).toBe(200);
    const resultado = envelope(importacionResultado).parse(hecha.json()).datos;
    expect(resultado).toMatchObject({ estado: 'importada', crear: 4, rechazadas: 3 });
    expect(resultado.rechazos.map((r) => r.fila)).toEqual([3, 5, 7]);
    const nombres = async () =>
      (
        await ctx.t.db
          .select({ nombre: maquinas.nombre })
          .from(maquinas)
          .where(sql`${maquinas.nroInventario} like 'INV-VAL-%'`)
          .orderBy(maquinas.nombre)
      ).map((m) => m.nombre);
    expect(await nombres()).toEqual(['NB-VAL-01', 'NB-VAL-03', 'NB-VAL-05', 'NB-VAL-07']);
    const [entrada] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'importar'), sql`${auditoria.despues}->>'importacion' = ${String(subida.id)}`));
    expect(entrada!.despues).toMatchObject({ rechazadas: 3 });

    // The refused rows, as the file had them, with their reasons, still downloadable after the import.
    const csv = await ctx.t.app.inject({ url: `${BASE}/${subida.id}/rechazadas.csv`, headers: ctx.headers });
    const filas = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(filas.map((f) => f.Nombre)).toEqual(['NB-VAL-02', existente!.nombre, '']);
    expect(filas[1]!.error).toBe('Ya existe una máquina con ese nombre');

    const deshecha = await post(ctx, `${BASE}/${subida.id}/deshacer`);
    expect(deshecha.statusCode, deshecha.body).toBe(200);
    expect(await nombres()).toEqual([]);
  });

  it('imports nothing when no row is valid, even asked for the valid ones only', async () => {
    const subida = await subir(ctx, 'Nombre,Tipo\nNB-NADA-01,Tostadora\n,PC\n');
    const res = await post(ctx, `${BASE}/${subida.id}/importar`, {
      mapeo: subida.mapeo,
      modo: 'crear',
      solo_validas: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('No se importó nada: 2 filas tienen errores');
  });

  it('refuses, naming the row, what the database refuses (a name already taken), and writes nothing', async () => {
    const [existente] = await ctx.t.db.select().from(maquinas).limit(1);
    const subida = await subir(ctx, `Nombre,Tipo\nNB-NUEVA-77,PC\n${existente!.nombre.toLowerCase()},PC\n`);
    const res = await post(ctx, `${BASE}/${subida.id}/importar`, { mapeo: subida.mapeo, modo: 'crear' });
    expect(res.statusCode).toBe(400);
    expect(res.json().campos).toEqual({ 'fila 3': ['Ya existe una máquina con ese nombre'] });
    expect(await ctx.t.db.select().from(maquinas).where(eq(maquinas.nombre, 'NB-NUEVA-77'))).toEqual([]);
  });

  it('imports its own export back unchanged (round trip), from CSV and from XLSX', async () => {
    const exportado = await ctx.t.app.inject({ url: '/api/maquinas/export.csv', headers: ctx.headers });
    const subida = await subir(ctx, exportado.rawPayload, 'maquinas-2026-11-27.csv');
    expect(Object.values(subida.mapeo).every((c) => c !== null)).toBe(true);
    const total = (await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(maquinas))[0]!.n;
    const ensayo = envelope(importacionConteo).parse(
      (await post(ctx, `${BASE}/${subida.id}/ensayo`, { mapeo: subida.mapeo, modo: 'actualizar' })).json(),
    ).datos;
    expect(ensayo.rechazos).toEqual([]);
    expect(ensayo).toMatchObject({ crear: 0, actualizar: 0, sin_cambios: total });

    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Máquinas');
    for (const fila of parse(exportado.body, { bom: true }) as string[][]) hoja.addRow(fila);
    const xlsx = Buffer.from(await libro.xlsx.writeBuffer());
    const deXlsx = await subir(ctx, xlsx, 'maquinas.xlsx');
    expect(deXlsx.columnas).toEqual(subida.columnas);
    const ensayoXlsx = envelope(importacionConteo).parse(
      (await post(ctx, `${BASE}/${deXlsx.id}/ensayo`, { mapeo: deXlsx.mapeo, modo: 'actualizar' })).json(),
    ).datos;
    expect(ensayoXlsx).toMatchObject({ crear: 0, actualizar: 0, sin_cambios: total, rechazadas: 0 });
  });

  it('serves a template whose headers map back whole', async () => {
    const res = await ctx.t.app.inject({ url: `${BASE}/plantilla.csv`, headers: ctx.headers });
    const subida = await subir(ctx, res.rawPayload, 'plantilla.csv');
    expect(Object.values(subida.mapeo).every((c) => c !== null)).toBe(true);
    const vista = envelope(importacionVistaPrevia).parse(
      (await post(ctx, `${BASE}/${subida.id}/vista-previa`, { mapeo: subida.mapeo })).json(),
    ).datos;
    expect(vista.con_errores).toBe(0);
  });

  it("answers 403 without PHY-MAQ#TODO, and 404 for someone else's import", async () => {
    const subida = await subir(ctx, CSV);
    const ajeno = await ctx.t.app.inject({
      method: 'POST',
      url: `${BASE}?nombre=x.csv`,
      headers: { ...ctx.ajeno, 'content-type': 'text/csv' },
      payload: CSV,
    });
    expect(ajeno.statusCode).toBe(403);
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: `${BASE}/${subida.id}/importar`,
          headers: ctx.ajeno,
          payload: { mapeo: subida.mapeo, modo: 'crear' },
        })
      ).statusCode,
    ).toBe(403);
    await createUser(ctx.t.db, { usuario: 'otro', password: 'clave', codigos: ['PHY-MAQ#TODO'] });
    const otro = await bearer(ctx.t.app, 'otro', 'clave');
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: `${BASE}/${subida.id}/vista-previa`,
          headers: otro,
          payload: { mapeo: subida.mapeo },
        })
      ).statusCode,
    ).toBe(404);
  });
});
