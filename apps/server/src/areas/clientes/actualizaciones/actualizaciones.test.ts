import {
  actualizacionOpciones,
  actualizacionPage,
  productoDesactualizados,
} from '@intranet/contract/areas/clientes/actualizaciones';
import { envelope } from '@intranet/contract/shared/envelope';
import { emptyDocument } from '@intranet/editor';
import { versionOrden } from '@intranet/contract/shared/version-numero';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  actualizaciones,
  auditoria,
  clientes,
  paquetes,
  productos,
  servidoresCliente,
  versiones,
} from '../../../db/schema.ts';
import { freshApp, useTemplate } from '../../../test/harness.ts';

const template = useTemplate();

/**
 * A fresh seeded database with a product of our own (versions 3.8, 3.9, 3.10 and 3.11 published, 3.12 a beta
 * and 4.0 a draft) and a client with two servers, one on 3.9 and one on 3.11.
 */
function fresh() {
  return freshApp(template, ['admin', 'comercial'], {
    setup: async ({ t }) => {
      const db = t.db;
      const [p] = await db
        .insert(productos)
        .values({ codigo: 'TST-ERP', nombre: 'Zeta ERP', tipo: 'escritorio', descripcion: emptyDocument() })
        .returning({ id: productos.id });
      const productoId = p!.id;
      const v: Record<string, number> = {};
      const defs = [
        ['3.8', 'estable', 'publicada'],
        ['3.9', 'estable', 'publicada'],
        ['3.10', 'hotfix', 'publicada'],
        ['3.11', 'estable', 'publicada'],
        ['3.12', 'beta', 'publicada'],
        ['4.0', 'estable', 'borrador'],
      ] as const;
      for (const [numero, canal, estado] of defs) {
        const [row] = await db
          .insert(versiones)
          .values({ productoId, numero, orden: versionOrden(numero), canal, estado, notas: emptyDocument() })
          .returning({ id: versiones.id });
        v[numero] = row!.id;
      }
      const [e] = await db
        .insert(clientes)
        .values({
          razonSocial: 'Zeta Prueba SA',
          cuit: '30712345671',
          condicionIva: 'responsable_inscripto',
          notas: emptyDocument(),
        })
        .returning({ id: clientes.id });
      const clienteId = e!.id;
      const [s1] = await db
        .insert(servidoresCliente)
        .values({ clienteId, nombre: 'zeta-app' })
        .returning({ id: servidoresCliente.id });
      const [s2] = await db
        .insert(servidoresCliente)
        .values({ clienteId, nombre: 'zeta-db' })
        .returning({ id: servidoresCliente.id });
      // How each got its version: recorded updates.
      await db.insert(actualizaciones).values([
        {
          clienteId,
          servidorId: s1!.id,
          productoId,
          versionHastaId: v['3.9']!,
          fecha: new Date('2026-01-10T12:00:00Z'),
          resultado: 'ok',
        },
        {
          clienteId,
          servidorId: s2!.id,
          productoId,
          versionHastaId: v['3.11']!,
          fecha: new Date('2026-01-11T12:00:00Z'),
          resultado: 'ok',
        },
      ]);
      return { productoId, v, clienteId, servidores: { viejo: s1!.id, nuevo: s2!.id } };
    },
  });
}

const desactualizadosResponse = envelope(z.array(productoDesactualizados));

describe('registering an update', () => {
  const ctx = fresh();
  const registrar = (payload: Record<string, unknown>, headers = ctx.admin) =>
    ctx.t.app.inject({
      method: 'POST',
      url: '/api/actualizaciones',
      headers,
      payload: { producto_id: ctx.productoId, fecha: '2026-02-01T10:00:00-03:00', ...payload },
    });
  const atrasados = async () =>
    desactualizadosResponse.parse(
      (
        await ctx.t.app.inject({
          url: `/api/actualizaciones/desactualizados?producto_id=${ctx.productoId}`,
          headers: ctx.comercial,
        })
      ).json(),
    ).datos!;

  it('"desactualizados" counts published releases after the installed one, 3.10 after 3.9, betas and drafts aside', async () => {
    const [producto] = await atrasados();
    expect(producto).toMatchObject({ producto: 'Zeta ERP', ultima_version: '3.11' });
    expect(producto!.clientes).toEqual([
      {
        empresa_id: ctx.clienteId,
        cliente: 'Zeta Prueba SA',
        atraso: 2,
        servidores: [{ id: ctx.servidores.viejo, nombre: 'zeta-app', version: '3.9', atraso: 2 }],
      },
    ]);
    // The same view as a CSV: a row per server behind, for whoever reads it (CLIENTES#VER).
    const csv = await ctx.t.app.inject({
      url: `/api/actualizaciones/desactualizados/export.csv?producto_id=${ctx.productoId}`,
      headers: ctx.comercial,
    });
    expect(csv.statusCode).toBe(200);
    expect(parse(csv.body, { bom: true, columns: true })).toEqual([
      {
        Producto: 'Zeta ERP',
        'Última versión': '3.11',
        Cliente: 'Zeta Prueba SA',
        Servidor: 'zeta-app',
        'Versión instalada': '3.9',
        'Versiones de atraso': '2',
      },
    ]);
  });

  it('a failed update changes nothing; a correct one takes the client out of "desactualizados"', async () => {
    const error = await registrar({
      servidor_id: ctx.servidores.viejo,
      version_hasta_id: ctx.v['3.11'],
      resultado: 'error',
      log: 'falló',
    });
    expect(error.statusCode).toBe(201);
    // The origin is taken from what the server had.
    expect(error.json().datos).toMatchObject({
      version_desde: '3.9',
      version_hasta: '3.11',
      resultado: 'error',
      cliente: 'Zeta Prueba SA',
      servidor: 'zeta-app',
    });
    expect((await atrasados())[0]!.clientes).toHaveLength(1);

    const ok = await registrar({ servidor_id: ctx.servidores.viejo, version_hasta_id: ctx.v['3.11'], resultado: 'ok' });
    expect(ok.statusCode).toBe(201);
    expect((await atrasados())[0]!.clientes).toEqual([]);
    const [audit] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, 'actualizacion'), eq(auditoria.entidadId, String(ok.json().datos.id))));
    expect(audit?.accion).toBe('crear');
  });

  it("offers the client's servers, the versions and the packages still listed", async () => {
    await ctx.t.db.insert(paquetes).values([
      {
        nombre: 'zeta-erp-3.11.exe',
        producto: 'Zeta ERP',
        version: '3.11',
        canal: 'estable',
        fecha: new Date('2026-02-01T12:00:00Z'),
      },
      {
        nombre: 'zeta-erp-3.9.exe',
        producto: 'Zeta ERP',
        version: '3.9',
        canal: 'estable',
        fecha: new Date('2026-01-01T12:00:00Z'),
        retirado: new Date(),
      },
    ]);
    const res = await ctx.t.app.inject({
      url: `/api/actualizaciones/opciones?empresa_id=${ctx.clienteId}`,
      headers: ctx.admin,
    });
    expect(res.statusCode).toBe(200);
    const { datos } = envelope(actualizacionOpciones).parse(res.json());
    expect(datos.servidores.map((s) => s.nombre)).toEqual(['zeta-app', 'zeta-db']);
    const zeta = datos.paquetes.filter((p) => p.producto === 'Zeta ERP');
    expect(zeta.map((p) => p.nombre)).toEqual(['zeta-erp-3.11.exe']);
  });

  it('rejects a version of another product, unknown servers and people, with field errors; needs CLIENTES#EDITAR', async () => {
    const [otra] = await ctx.t.db
      .select({ id: versiones.id })
      .from(versiones)
      .innerJoin(productos, eq(productos.id, versiones.productoId))
      .where(eq(productos.codigo, 'PHY-SUELDOS'))
      .limit(1);
    const ajena = await registrar({ servidor_id: ctx.servidores.viejo, version_hasta_id: otra!.id, resultado: 'ok' });
    expect(ajena.statusCode).toBe(400);
    expect(ajena.json().campos).toEqual({ version_hasta_id: ['La versión elegida no es de ese producto'] });
    const sinServidor = await registrar({ servidor_id: 999999, version_hasta_id: ctx.v['3.11'], resultado: 'ok' });
    expect(sinServidor.json().campos).toEqual({ servidor_id: ['El servidor elegido no existe'] });
    const sinPersona = await registrar({
      servidor_id: ctx.servidores.viejo,
      version_hasta_id: ctx.v['3.11'],
      resultado: 'ok',
      persona_id: 999999,
    });
    expect(sinPersona.json().campos).toEqual({ persona_id: ['La persona elegida no existe'] });
    const malo = await registrar({ servidor_id: ctx.servidores.viejo, resultado: 'quizás', fecha: 'ayer' });
    expect(malo.statusCode).toBe(400);
    expect(Object.keys(malo.json().campos).sort()).toEqual(['fecha', 'resultado', 'version_hasta_id']);
    expect(
      (
        await registrar(
          { servidor_id: ctx.servidores.viejo, version_hasta_id: ctx.v['3.11'], resultado: 'ok' },
          ctx.comercial,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('lists with filters by dates (Buenos Aires), client, product, version and result, and exports CSV', async () => {
    const lista = async (q: string) =>
      envelope(actualizacionPage).parse(
        (
          await ctx.t.app.inject({
            url: `/api/actualizaciones/lista?empresa_id=${ctx.clienteId}&${q}`,
            headers: ctx.comercial,
          })
        ).json(),
      ).datos!;
    const todas = await lista('');
    expect(todas.total).toBe(4);
    // Newest first by default.
    expect(todas.items.map((a) => a.fecha)).toEqual([...todas.items.map((a) => a.fecha)].sort().reverse());
    expect((await lista('resultado=error')).total).toBe(1);
    expect((await lista(`version_id=${ctx.v['3.11']}`)).total).toBe(3);
    expect((await lista(`producto_id=${ctx.productoId}&desde=2026-02-01&hasta=2026-02-01`)).total).toBe(2);
    expect((await lista('hasta=2026-01-10')).total).toBe(1);
    expect((await lista('sort=version_hasta')).items[0]!.version_hasta).toBe('3.9');
    const bad = await ctx.t.app.inject({ url: '/api/actualizaciones/lista?desde=31/01/2026', headers: ctx.comercial });
    expect(bad.statusCode).toBe(400);
    const csv = await ctx.t.app.inject({
      url: `/api/actualizaciones/export.csv?empresa_id=${ctx.clienteId}&resultado=error`,
      headers: ctx.comercial,
    });
    const rows = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        Cliente: 'Zeta Prueba SA',
        Servidor: 'zeta-app',
        'Versión hasta': '3.11',
        Resultado: 'Con error',
        Log: 'falló',
      }),
    ]);
  });
});

describe("Physis ERP updates move the server's version_physis forward, never back", () => {
  const ctx = fresh();
  it('in the same transaction as the update', async () => {
    const [erp] = await ctx.t.db.select({ id: productos.id }).from(productos).where(eq(productos.codigo, 'PHY-ERP'));
    const vs = await ctx.t.db
      .select({ id: versiones.id, numero: versiones.numero })
      .from(versiones)
      .where(eq(versiones.productoId, erp!.id));
    const id = (n: string) => vs.find((v) => v.numero === n)!.id;
    await ctx.t.db
      .update(servidoresCliente)
      .set({ versionPhysis: '3.13.0' })
      .where(eq(servidoresCliente.id, ctx.servidores.viejo));
    const before = desactualizadosResponse.parse(
      (
        await ctx.t.app.inject({
          url: `/api/actualizaciones/desactualizados?producto_id=${erp!.id}&empresa_id=${ctx.clienteId}`,
          headers: ctx.comercial,
        })
      ).json(),
    ).datos!;
    // 3.14.1 and 3.14.2 are after 3.13.0 (3.14.0 was retired, 3.15.0-beta1 is a beta).
    expect(before[0]!.clientes[0]!.servidores).toEqual([
      { id: ctx.servidores.viejo, nombre: 'zeta-app', version: '3.13.0', atraso: 2 },
    ]);

    const post = (numero: string, resultado = 'ok') =>
      ctx.t.app.inject({
        method: 'POST',
        url: '/api/actualizaciones',
        headers: ctx.admin,
        payload: {
          servidor_id: ctx.servidores.viejo,
          producto_id: erp!.id,
          version_hasta_id: id(numero),
          fecha: new Date().toISOString(),
          resultado,
        },
      });
    const version = async () =>
      (
        await ctx.t.db
          .select({ v: servidoresCliente.versionPhysis })
          .from(servidoresCliente)
          .where(eq(servidoresCliente.id, ctx.servidores.viejo))
      )[0]!.v;

    const parcial = await post('3.14.2', 'parcial');
    expect(parcial.json().datos.version_desde).toBe('3.13.0');
    expect(await version()).toBe('3.13.0');
    expect((await post('3.14.2')).statusCode).toBe(201);
    expect(await version()).toBe('3.14.2');
    // Reinstalling an older one is recorded, but the server's version does not go back.
    expect((await post('3.14.1')).statusCode).toBe(201);
    expect(await version()).toBe('3.14.2');
    const after = desactualizadosResponse.parse(
      (
        await ctx.t.app.inject({
          url: `/api/actualizaciones/desactualizados?producto_id=${erp!.id}&empresa_id=${ctx.clienteId}`,
          headers: ctx.comercial,
        })
      ).json(),
    ).datos!;
    // It runs 3.14.2, the newest release: no longer behind.
    expect(after[0]!.clientes).toEqual([]);
  });
});

describe('the demo data', () => {
  const ctx = fresh();
  it('has updates and clients behind the newest Physis ERP', async () => {
    expect(
      (await ctx.t.app.inject({ url: '/api/actualizaciones/lista', headers: ctx.comercial })).json().datos.total,
    ).toBeGreaterThan(10);
    const datos = desactualizadosResponse.parse(
      (await ctx.t.app.inject({ url: '/api/actualizaciones/desactualizados', headers: ctx.comercial })).json(),
    ).datos!;
    const erp = datos.find((p) => p.producto === 'Physis ERP');
    expect(erp?.clientes.length).toBeGreaterThan(0);
  });
});

describe('bulk actions on the updates list', () => {
  const ctx = fresh();
  const lote = (payload: object, headers = ctx.admin) =>
    ctx.t.app.inject({ method: 'POST', url: '/api/actualizaciones/lote', headers, payload });

  it("deletes every update the filter matches in one request, each audited, and leaves the servers' versions", async () => {
    const [servidor] = await ctx.t.db
      .select({ version: servidoresCliente.versionPhysis })
      .from(servidoresCliente)
      .where(eq(servidoresCliente.id, ctx.servidores.nuevo));
    const res = await lote({
      seleccion: { filtro: { empresa_id: String(ctx.clienteId), hasta: '2026-01-10' } },
      accion: 'eliminar',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos).toMatchObject({ total: 1, rechazados: [] });
    const [borrada] = res.json().datos.hechos as number[];
    const [audit] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(
        and(
          eq(auditoria.entidad, 'actualizacion'),
          eq(auditoria.entidadId, String(borrada)),
          eq(auditoria.accion, 'eliminar'),
        ),
      );
    expect(audit?.antes).toMatchObject({ servidor: 'zeta-app', version_hasta: '3.9' });
    const quedan = await ctx.t.db
      .select({ id: actualizaciones.id })
      .from(actualizaciones)
      .where(eq(actualizaciones.clienteId, ctx.clienteId));
    expect(quedan).toHaveLength(1);
    const [despues] = await ctx.t.db
      .select({ version: servidoresCliente.versionPhysis })
      .from(servidoresCliente)
      .where(eq(servidoresCliente.id, ctx.servidores.nuevo));
    expect(despues).toEqual(servidor);
  });

  it("exports the selection as the list's CSV; answers 403 to a reader's delete and 400 to a change or a bad filter", async () => {
    const csv = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/actualizaciones/lote/export.csv',
      headers: ctx.comercial,
      payload: { seleccion: { filtro: { empresa_id: String(ctx.clienteId) } } },
    });
    expect(csv.statusCode).toBe(200);
    expect((parse(csv.body, { bom: true, columns: true }) as Record<string, string>[]).map((r) => r.Servidor)).toEqual([
      'zeta-db',
    ]);
    expect((await lote({ seleccion: { ids: [1] }, accion: 'eliminar' }, ctx.comercial)).statusCode).toBe(403);
    expect(
      (await lote({ seleccion: { ids: [1] }, accion: 'cambiar', cambio: { campo: 'resultado', valor: 'ok' } }))
        .statusCode,
    ).toBe(400);
    const malFiltro = await lote({ seleccion: { filtro: { desde: '31/01/2026' } }, accion: 'eliminar' });
    expect(malFiltro.statusCode).toBe(400);
    expect(Object.keys(malFiltro.json().campos)).toEqual(['seleccion.filtro.desde']);
  });
});
