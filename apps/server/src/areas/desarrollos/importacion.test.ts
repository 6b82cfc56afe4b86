import { asc, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { desarrolloEstados, desarrollos, clientes, personas, versiones } from '../../db/schema.ts';
import { importacionDePrueba } from '../../lists/importacion/test-support.ts';
import { useTemplate } from '../../test/harness.ts';

const template = useTemplate();

describe('importing developments from a spreadsheet', () => {
  const imp = importacionDePrueba(template, {
    ruta: '/api/desarrollos',
    codigos: ['SER#VER', 'DESARROLLOS#EDITAR'],
    lector: ['SER#VER'],
  });
  const { ctx } = imp;

  it('serves a template whose headers map back whole; the update mode finds rows by their Id', async () => {
    await imp.plantillaMapeaEntera();
    const subida = await imp.subir('Título,Producto,Solicitud\nx,PHY-ERP,2026-01-01\n');
    expect(subida).toMatchObject({ clave: 'id', clave_titulo: 'Id' });
  });

  it('imports its own export back unchanged (round trip): clients, products, owners and versions by name', async () => {
    const [{ n }] = (await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(desarrollos)) as [{ n: number }];
    await imp.idaYVuelta(n);
  });

  it('refuses by row what the form refuses, writes nothing; then creates pendiente developments with their first state', async () => {
    const csv = [
      'Title;Client;Product;Priority;Assignee;Estimate;Requested;Due;Version',
      'Importado uno;Interno;PHY-ERP;Alta;Álvarez, Sofía;12,5;01/03/2026;2026-03-31;3.14.2',
      'Importado dos;Clínica San Lucas S.A.;Physis Sueldos;;;;2026-03-02;;',
    ].join('\n');
    const malo = await imp.subir(
      `${csv}\nImportado tres;;PHY-ERP;;;;2026-03-03;2026-03-01;\nImportado cuatro;;PHY-SUELDOS;;;;2026-03-03;;3.14.2\nImportado cinco;;PHY-ERP;;Nadie, Ninguno;;2026-03-03;;`,
    );
    const rechazo = await imp.importar(malo.id, malo.mapeo, 'crear');
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json().campos).toEqual({
      'fila 4': ['Compromiso: La fecha de compromiso no puede ser anterior a la de solicitud'],
      'fila 5': ['Versión: el producto «PHY-SUELDOS» no tiene la versión «3.14.2»'],
      'fila 6': ['Responsable: no hay nadie del personal llamado «Nadie, Ninguno» (Apellido, Nombre)'],
    });
    expect(await ctx.t.db.select().from(desarrollos).where(like(desarrollos.titulo, 'Importado %'))).toEqual([]);

    const subida = await imp.subir(csv);
    expect((await imp.importar(subida.id, subida.mapeo, 'crear')).statusCode).toBe(200);
    const creados = await ctx.t.db
      .select({
        id: desarrollos.id,
        titulo: desarrollos.titulo,
        cliente: clientes.razonSocial,
        estado: desarrollos.estado,
        prioridad: desarrollos.prioridad,
        responsable: personas.apellido,
        horas: desarrollos.horasEstimadas,
        version: versiones.numero,
      })
      .from(desarrollos)
      .leftJoin(clientes, eq(clientes.id, desarrollos.clienteId))
      .leftJoin(personas, eq(personas.id, desarrollos.responsableId))
      .leftJoin(versiones, eq(versiones.id, desarrollos.versionId))
      .where(like(desarrollos.titulo, 'Importado %'))
      .orderBy(asc(desarrollos.titulo));
    expect(creados.map(({ id: _id, ...d }) => d)).toEqual([
      {
        titulo: 'Importado dos',
        cliente: 'Clínica San Lucas S.A.',
        estado: 'pendiente',
        prioridad: 'media',
        responsable: null,
        horas: null,
        version: null,
      },
      {
        titulo: 'Importado uno',
        cliente: null,
        estado: 'pendiente',
        prioridad: 'alta',
        responsable: 'Álvarez',
        horas: 12.5,
        version: '3.14.2',
      },
    ]);
    const [primero] = await ctx.t.db
      .select()
      .from(desarrolloEstados)
      .where(eq(desarrolloEstados.desarrolloId, creados[1]!.id));
    expect(primero).toMatchObject({ desde: null, hacia: 'pendiente', usuarioNombre: 'Usuario importa' });

    // By Id: the state stays the board's; an Id no longer stored is named.
    const id = creados[1]!.id;
    const cambio = await imp.subir(
      `Id,Título,Producto,Estado,Solicitud\n${id},Importado uno (bis),PHY-ERP,Pendiente,2026-03-01\n${id + 1000},Otro,PHY-ERP,,2026-03-01\n`,
    );
    const rechazado = await imp.importar(cambio.id, cambio.mapeo, 'actualizar');
    expect(Object.keys(rechazado.json().campos)).toEqual(['fila 3']);
    const estado = await imp.subir(`Id,Estado\n${id},Análisis\n`);
    expect((await imp.importar(estado.id, estado.mapeo, 'actualizar')).json().campos).toEqual({
      'fila 2': ['Estado: se cambia en el tablero o en el desarrollo, no en la importación'],
    });
    const bien = await imp.subir(`Id,Título\n${id},Importado uno (bis)\n`);
    expect((await imp.importar(bien.id, bien.mapeo, 'actualizar')).statusCode).toBe(200);
    expect((await ctx.t.db.select().from(desarrollos).where(eq(desarrollos.id, id)))[0]).toMatchObject({
      titulo: 'Importado uno (bis)',
      horasEstimadas: 12.5,
    });
  });

  it('is documented in the OpenAPI under the area', () => imp.enOpenApi());

  it('answers 403 without DESARROLLOS#EDITAR', () => imp.sinPermiso403());
});
