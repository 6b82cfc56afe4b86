import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productos, versiones } from '../../db/schema.ts';
import { importacionDePrueba } from '../../lists/importacion/test-support.ts';
import { useTemplate } from '../../test/harness.ts';

const template = useTemplate();

describe('importing product versions from a spreadsheet', () => {
  const imp = importacionDePrueba(template, {
    ruta: '/api/versiones',
    codigos: ['PACKS#VER', 'VERSIONES#EDITAR'],
    lector: ['PACKS#VER'],
  });
  const { ctx } = imp;

  const version = async (codigo: string, numero: string) =>
    (
      await ctx.t.db
        .select({ canal: versiones.canal, estado: versiones.estado })
        .from(versiones)
        .innerJoin(productos, eq(productos.id, versiones.productoId))
        .where(and(eq(productos.codigo, codigo), eq(versiones.numero, numero)))
    )[0];

  it('serves a template whose headers map back whole', () => imp.plantillaMapeaEntera());

  it("imports its own export back unchanged (round trip), whatever each version's state", async () => {
    const [{ n }] = (await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(versiones)) as [{ n: number }];
    await imp.idaYVuelta(n);
  });

  it('refuses by row an unknown product, a state only the actions set and a version taken; creates drafts by code or name', async () => {
    const csv = 'Product,Version,Channel\nPHY-ERP,3.16.0,Estable\nphysis sueldos,2.9.0,hotfix';
    const malo = await imp.subir(
      `${csv}\nPHY-NADA,1.0.0,Estable\nPHY-ERP,3.16.1,Beta,Publicada\nPHY-ERP,3.15.0,Estable`.replace(
        'Channel',
        'Channel,Estado',
      ),
    );
    const rechazo = await imp.importar(malo.id, malo.mapeo, 'crear');
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json().campos).toEqual({
      'fila 4': ['Producto: no hay un producto con el código o el nombre «PHY-NADA»'],
      'fila 5': ['Estado: una versión nueva empieza en borrador; se publica con «Publicar»'],
      'fila 6': ['El producto ya tiene esa versión'],
    });
    expect(await version('PHY-ERP', '3.16.0')).toBeUndefined();

    const subida = await imp.subir(csv);
    expect((await imp.importar(subida.id, subida.mapeo, 'crear')).statusCode).toBe(200);
    expect(await version('PHY-ERP', '3.16.0')).toEqual({ canal: 'estable', estado: 'borrador' });
    expect(await version('PHY-SUELDOS', '2.9.0')).toEqual({ canal: 'hotfix', estado: 'borrador' });
  });

  it('updates by product and number; a retired version and the state stay as the actions left them', async () => {
    const subida = await imp.subir(
      'Producto;Versión;Canal;Estado\nPhysis ERP;3.15.0;Beta;\nPHY-ERP;3.14.0;Hotfix;Retirada\nPHY-ERP;3.14.2;Estable;Borrador\n',
    );
    const res = await imp.importar(subida.id, subida.mapeo, 'actualizar');
    expect(res.json().campos).toEqual({
      'fila 3': ['Una versión retirada no se modifica; vuelva a publicarla primero'],
      'fila 4': ['Estado: lo cambian «Publicar» y «Retirar», no la importación'],
    });
    const bien = await imp.subir('Producto;Versión;Canal\nPhysis ERP;3.15.0;Beta\nphy-erp;3.14.0;Estable\n');
    expect(await imp.ensayo(bien.id, bien.mapeo, 'actualizar')).toMatchObject({
      crear: 0,
      actualizar: 1,
      sin_cambios: 1,
    });
    expect((await imp.importar(bien.id, bien.mapeo, 'actualizar')).statusCode).toBe(200);
    expect(await version('PHY-ERP', '3.15.0')).toEqual({ canal: 'beta', estado: 'borrador' });
  });

  it('is documented in the OpenAPI under the area', () => imp.enOpenApi());

  it('answers 403 without VERSIONES#EDITAR', () => imp.sinPermiso403());
});
