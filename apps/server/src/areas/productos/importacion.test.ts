import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditoria, productos } from '../../db/schema.ts';
import { importacionDePrueba } from '../../lists/importacion/test-support.ts';
import { useTemplate } from '../../test/harness.ts';

const template = useTemplate();

describe('importing products from a spreadsheet', () => {
  const imp = importacionDePrueba(template, {
    ruta: '/api/productos',
    codigos: ['PROD#VER', 'PROD#EDITAR'],
    lector: ['PROD#VER'],
  });
  const { ctx } = imp;

  it('serves a template whose headers map back whole', () => imp.plantillaMapeaEntera());

  it('imports its own export back unchanged (round trip), the descriptions kept', async () => {
    const [{ n }] = (await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(productos)) as [{ n: number }];
    await imp.idaYVuelta(n);
  });

  it('refuses by row a bad kind and a code already taken, writes nothing; then creates and updates by code, with one history entry', async () => {
    const csv = 'Code,Product,Type,Active\nIMP-UNO,Importado Uno,Web,Sí\nIMP-DOS,Importado Dos,móvil,No';
    const malo = await imp.subir(`${csv}\nIMP-TRES,Importado Tres,Tostadora,\nphy-erp,Otro ERP,Web,`);
    const rechazo = await imp.importar(malo.id, malo.mapeo, 'crear');
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json().campos).toEqual({
      'fila 4': ['Tipo: Valor no válido; use uno de: Escritorio, Web, Móvil, Servicio'],
      'fila 5': ['Ya existe un producto con ese código'],
    });
    expect(await ctx.t.db.select().from(productos).where(sql`${productos.codigo} like 'IMP-%'`)).toEqual([]);

    const subida = await imp.subir(csv);
    expect((await imp.importar(subida.id, subida.mapeo, 'crear')).statusCode).toBe(200);
    const creados = await ctx.t.db
      .select()
      .from(productos)
      .where(sql`${productos.codigo} like 'IMP-%'`)
      .orderBy(productos.codigo);
    expect(creados.map((p) => [p.codigo, p.tipo, p.activo])).toEqual([
      ['IMP-DOS', 'movil', false],
      ['IMP-UNO', 'web', true],
    ]);
    const [entrada] = await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'importar'));
    expect(entrada).toMatchObject({ entidad: 'producto' });

    const cambio = await imp.subir('Código;Línea\nimp-uno;Portales\nIMP-DOS;\n');
    expect(await imp.ensayo(cambio.id, cambio.mapeo, 'actualizar')).toMatchObject({
      crear: 0,
      actualizar: 1,
      sin_cambios: 1,
    });
    expect((await imp.importar(cambio.id, cambio.mapeo, 'actualizar')).statusCode).toBe(200);
    // The code is written as the file says it: the key only ignores its case to find the product.
    expect(
      (await ctx.t.db.select().from(productos).where(sql`lower(${productos.codigo}) = 'imp-uno'`)).map((p) => [
        p.codigo,
        p.linea,
      ]),
    ).toEqual([['imp-uno', 'Portales']]);
  });

  it('is documented in the OpenAPI under the area', () => imp.enOpenApi());

  it('answers 403 without PROD#EDITAR', () => imp.sinPermiso403());
});
