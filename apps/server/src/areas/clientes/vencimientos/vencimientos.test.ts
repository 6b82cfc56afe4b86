import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envelope } from '@intranet/contract/shared/envelope';
import {
  certificado,
  vencimientoMeses,
  vencimientoPage,
  vencimientosCliente,
} from '@intranet/contract/areas/clientes/vencimientos';
import { emptyDocument } from '@intranet/editor';
import { parse } from 'csv-parse/sync';
import Fastify from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditoria,
  vencimientosProximo,
  clientes,
  physisLicencias,
  productos,
  vencimientoRenovaciones,
} from '../../../db/schema.ts';
import type { Db } from '../../../db/client.ts';
import { sendCsv, type CsvColumn } from '../../../lists/csv.ts';
import { listBatches, type ListSource } from '../../../lists/list.ts';
import { freshApp, useTemplate } from '../../../test/harness.ts';
import { fechaLocal } from '../../../core/fechas.ts';
import { vencimientosCsv, vencimientosList, vencimientosSource } from './grid.ts';
import { licenciasCsv, licenciasGridSource } from './licencias-csv.ts';

const template = useTemplate();

const DAY = 24 * 60 * 60 * 1000;
const dia = (offset: number) => fechaLocal(new Date(Date.now() + offset * DAY));
const vacio = emptyDocument();

/**
 * A fresh seeded database, with admin (CLIENTES#EDITAR) and comercial (CLIENTES#VER only) signed in, and a client of
 * our own.
 */
function fresh() {
  return freshApp(template, ['admin', 'comercial'], {
    setup: async ({ t }) => {
      const [e] = await t.db
        .insert(clientes)
        .values({
          razonSocial: 'Zeta Prueba SA',
          cuit: '30712345671',
          condicionIva: 'responsable_inscripto',
          notas: vacio,
        })
        .returning({ id: clientes.id });
      return { clienteId: e!.id };
    },
  });
}

/**
 * A real X.509 certificate made by openssl, as AFIP's: the subject carries serialNumber=CUIT …; valid `days` from now.
 */
function certificadoAfip(days: number, cuit = '30712345679'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'k.pem'),
        '-out',
        join(dir, 'c.pem'),
        '-days',
        String(days),
        '-subj',
        `/C=AR/O=Zeta Prueba SA/CN=zeta-facturacion/serialNumber=CUIT ${cuit}`,
      ],
      { stdio: 'ignore' },
    );
    return readFileSync(join(dir, 'c.pem'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('importing an AFIP certificate', () => {
  const ctx = fresh();
  const importar = (body: Buffer | string, query: string, headers = ctx.admin) =>
    ctx.t.app.inject({
      method: 'POST',
      url: `/api/vencimientos/certificados/importar?${query}`,
      headers: { ...headers, 'content-type': 'application/x-x509-ca-cert' },
      payload: body,
    });

  it('reads CUIT, CN, dates, serial and SHA-256 fingerprint from the file and lists it in the AFIP grid', async () => {
    const pem = certificadoAfip(20);
    const res = await importar(pem, `empresa_id=${ctx.clienteId}&ambiente=produccion&servicios=wsfe,WSFEX`);
    expect(res.statusCode).toBe(201);
    const body = envelope(certificado).parse(res.json());
    const c = body.datos!;
    expect(c).toMatchObject({
      cuit: '30712345679',
      cn: 'zeta-facturacion',
      ambiente: 'produccion',
      servicios: ['wsfe', 'wsfex'],
      emitido: dia(0),
      vence: dia(20),
    });
    const { X509Certificate } = await import('node:crypto');
    const x = new X509Certificate(pem);
    expect(c.huella).toBe(x.fingerprint256);
    expect(c.serial).toBe(x.serialNumber.toUpperCase());

    const grid = await ctx.t.app.inject({
      url: `/api/vencimientos/afip/lista?empresa_id=${ctx.clienteId}`,
      headers: ctx.comercial,
    });
    const page = envelope(vencimientoPage).parse(grid.json()).datos!;
    const fila = page.items.find((v) => v.tipo === 'certificado' && v.item_id === c.id)!;
    expect(fila).toMatchObject({
      cliente: 'Zeta Prueba SA',
      cuit: '30712345671',
      vence: dia(20),
      dias: 20,
      item: 'zeta-facturacion',
    });

    const [audit] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, 'afip_certificado'), eq(auditoria.entidadId, String(c.id))));
    expect(audit?.accion).toBe('importar');
  });

  it('accepts several certificates per client (homologación and producción), the same file once (409)', async () => {
    const pem = certificadoAfip(400);
    expect((await importar(pem, `empresa_id=${ctx.clienteId}&ambiente=homologacion&alias=Pruebas`)).statusCode).toBe(
      201,
    );
    const again = await importar(pem, `empresa_id=${ctx.clienteId}&ambiente=produccion`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/ya tiene ese certificado/);
    const detalle = envelope(vencimientosCliente).parse(
      (await ctx.t.app.inject({ url: `/api/vencimientos/empresas/${ctx.clienteId}`, headers: ctx.comercial })).json(),
    ).datos!;
    expect(detalle.certificados.map((c) => c.ambiente).sort()).toEqual(['homologacion', 'produccion']);
  });

  it('accepts DER as well as PEM', async () => {
    const { X509Certificate } = await import('node:crypto');
    const der = new X509Certificate(certificadoAfip(100)).raw;
    const res = await importar(der, `empresa_id=${ctx.clienteId}&ambiente=produccion`);
    expect(res.statusCode).toBe(201);
    expect(res.json().datos.vence).toBe(dia(100));
  });

  it('refuses a file that is not a certificate, and one without a CUIT, in Spanish', async () => {
    const texto = await importar('esto no es un certificado', `empresa_id=${ctx.clienteId}&ambiente=produccion`);
    expect(texto.statusCode).toBe(400);
    expect(texto.json().error).toBe('El archivo no es un certificado X.509 (.crt o .pem) válido');
    const vacio = await importar(Buffer.alloc(0), `empresa_id=${ctx.clienteId}&ambiente=produccion`);
    expect(vacio.statusCode).toBe(400);

    const dir = mkdtempSync(join(tmpdir(), 'cert-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'k'),
        '-out',
        join(dir, 'c'),
        '-days',
        '5',
        '-subj',
        '/CN=otro',
      ],
      { stdio: 'ignore' },
    );
    const sinCuit = await importar(readFileSync(join(dir, 'c')), `empresa_id=${ctx.clienteId}&ambiente=produccion`);
    // A private key is not a certificate either.
    const privateKeyFile = await importar(
      readFileSync(join(dir, 'k')),
      `empresa_id=${ctx.clienteId}&ambiente=produccion`,
    );
    rmSync(dir, { recursive: true, force: true });
    expect(sinCuit.statusCode).toBe(400);
    expect(sinCuit.json().error).toMatch(/no tiene CUIT/);
    expect(privateKeyFile.statusCode).toBe(400);
  });

  it('checks the client and the options, and needs CLIENTES#EDITAR', async () => {
    const pem = certificadoAfip(30);
    const sinCliente = await importar(pem, 'empresa_id=999999&ambiente=produccion');
    expect(sinCliente.statusCode).toBe(400);
    expect(sinCliente.json().campos).toEqual({ empresa_id: ['El cliente elegido no existe'] });
    expect((await importar(pem, `empresa_id=${ctx.clienteId}&ambiente=marte`)).statusCode).toBe(400);
    expect((await importar(pem, `empresa_id=${ctx.clienteId}&ambiente=produccion`, ctx.comercial)).statusCode).toBe(
      403,
    );
  });
});

describe('the expiry grid', () => {
  const ctx = fresh();
  let productoId = 0;
  const licencia = async (vence: string | null, extra: Record<string, unknown> = {}) => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/vencimientos/licencias',
      headers: ctx.admin,
      payload: {
        empresa_id: ctx.clienteId,
        producto_id: productoId,
        tipo: vence ? 'anual' : 'perpetua',
        usuarios: 5,
        inicio: dia(-400),
        vence,
        modulo: 'Ventas',
        ...extra,
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().datos as { id: number };
  };
  beforeAll(async () => {
    const [p] = await ctx.t.db.select({ id: productos.id }).from(productos).where(eq(productos.codigo, 'PHY-SUELDOS'));
    productoId = p!.id;
  });

  it('counts days from today in Buenos Aires, filters by plazo and sorts by due date by default', async () => {
    const ids: Record<number, number> = {};
    for (const d of [-10, 0, 7, 8, 30, 60, 61, 90, 91]) ids[d] = (await licencia(dia(d))).id;
    await licencia(null);
    await licencia(dia(5), { baja: dia(-1) });
    const lista = async (q: string) =>
      envelope(vencimientoPage).parse(
        (
          await ctx.t.app.inject({
            url: `/api/vencimientos/physis/lista?empresa_id=${ctx.clienteId}&${q}`,
            headers: ctx.comercial,
          })
        ).json(),
      ).datos!;
    const todos = await lista('plazo=todos');
    // The perpetual licence and the one given baja have no place in the grid.
    expect(todos.total).toBe(9);
    expect(todos.items.map((v) => v.dias)).toEqual([-10, 0, 7, 8, 30, 60, 61, 90, 91]);
    expect(
      todos.items.every(
        (v) => v.tipo === 'licencia' && v.cliente === 'Zeta Prueba SA' && v.item === 'Physis Sueldos · Ventas',
      ),
    ).toBe(true);
    expect((await lista('plazo=vencidos')).items.map((v) => v.dias)).toEqual([-10]);
    expect((await lista('plazo=7')).items.map((v) => v.dias)).toEqual([0, 7]);
    expect((await lista('plazo=30')).items.map((v) => v.dias)).toEqual([0, 7, 8, 30]);
    expect((await lista('plazo=60')).total).toBe(5);
    expect((await lista('plazo=90')).total).toBe(7);
    expect((await lista('sort=-vence&size=2')).items.map((v) => v.dias)).toEqual([91, 90]);
    // Physis rows are not in the AFIP grid.
    expect(
      (
        await ctx.t.app.inject({
          url: `/api/vencimientos/afip/lista?empresa_id=${ctx.clienteId}`,
          headers: ctx.comercial,
        })
      ).json().datos.total,
    ).toBe(0);
    expect(
      (await ctx.t.app.inject({ url: '/api/vencimientos/physis/lista?plazo=15', headers: ctx.comercial })).statusCode,
    ).toBe(400);
    expect((await ctx.t.app.inject({ url: '/api/vencimientos/otro/lista', headers: ctx.comercial })).statusCode).toBe(
      400,
    );

    // The client's next expiry, for the client list's badge.
    const [prox] = await ctx.t.db
      .select()
      .from(vencimientosProximo)
      .where(eq(vencimientosProximo.clienteId, ctx.clienteId));
    expect(prox).toEqual({ clienteId: ctx.clienteId, vence: dia(-10), dias: -10 });
  });

  it("answers an unfiltered grid's exact total from its kept count, and its last page read from the end", async () => {
    const grilla = async (q: string) =>
      envelope(vencimientoPage).parse(
        (await ctx.t.app.inject({ url: `/api/vencimientos/physis/lista?${q}`, headers: ctx.comercial })).json(),
      ).datos!;
    const filas = async () =>
      Number(
        (await ctx.t.db.execute<{ n: number }>(sql`select count(*)::int as n from vencimientos where grupo = 'physis'`))
          .rows[0]!.n,
      );
    const ids = [(await licencia(dia(3))).id, (await licencia(dia(4))).id, (await licencia(dia(400))).id];
    // One licence given baja leaves the grid, one deleted too: the kept count follows both.
    await ctx.t.db
      .update(physisLicencias)
      .set({ baja: dia(-1) })
      .where(eq(physisLicencias.id, ids[0]!));
    await ctx.t.db.delete(physisLicencias).where(eq(physisLicencias.id, ids[1]!));
    const total = await filas();
    expect(total).toBeGreaterThan(0);
    const todos = await grilla('sort=vence&size=1');
    expect(todos).toMatchObject({ total });
    expect(todos.total_exacto).toBeUndefined();
    const ultima = await grilla(`sort=vence&size=1&page=${total}`);
    expect(ultima.items.map((v) => v.vence)).toEqual([(await grilla(`sort=-vence&size=1`)).items[0]!.vence]);
    expect((await grilla(`sort=vence&size=1&page=${total + 1}`)).items).toEqual([]);
  });

  it("searches a grid's own rows: a word of the other grid's items is no match, counted exactly, not estimated", async () => {
    // 60,000 AFIP rows whose item says 'Facturación' and 30,000 Physis rows, both of clients named 'Estimada n'.
    const fila = (grupo: string, tipo: string, item: string, desde: number, n: number) => sql`
      insert into vencimientos (id, tipo, grupo, item_id, empresa_id, item, vence, cliente, cuit)
      select 40000000 + (${desde} + g) * 4, ${tipo}, ${grupo}, 40000000 + ${desde} + g, ${ctx.clienteId},
             ${item}, ${dia(30)}::date + g % 300, 'Estimada ' || g, '30712345671'
      from generate_series(1, ${n}) g`;
    await ctx.t.db.execute(fila('afip', 'certificado', 'Facturación electrónica', 0, 60_000));
    await ctx.t.db.execute(fila('physis', 'licencia', 'Physis ERP', 100_000, 30_000));
    await ctx.t.db.execute(sql`analyze vencimientos`);
    const lista = async (grupo: string, q: string) =>
      envelope(vencimientoPage).parse(
        (
          await ctx.t.app.inject({
            url: `/api/vencimientos/${grupo}/lista?q=${encodeURIComponent(q)}&sort=cliente`,
            headers: ctx.comercial,
          })
        ).json(),
      ).datos!;
    try {
      // Estimated on the whole table, 'facturación' in the Physis grid was 20,000 rows: "≈ 20 mil" and an empty page.
      const ninguna = await lista('physis', 'facturación');
      expect(ninguna).toEqual({ items: [], total: 0 });
      const afip = await lista('afip', 'facturación');
      expect(afip).toMatchObject({ total: 10_000, total_exacto: false });
      expect(afip.total_estimado).toBeGreaterThan(30_000);
      expect(afip.items.map((v) => v.item)).toEqual(Array(25).fill('Facturación electrónica'));
      const physis = await lista('physis', 'estimada');
      expect(physis).toMatchObject({ total: 10_000, total_exacto: false });
      expect(physis.items.every((v) => v.tipo === 'licencia')).toBe(true);
      // The grid's name is not searched: 'physis' in the AFIP grid matches none of these rows.
      expect((await lista('afip', 'physis')).items.filter((v) => v.cliente.startsWith('Estimada'))).toEqual([]);
    } finally {
      await ctx.t.db.execute(sql`delete from vencimientos where id >= 40000000`);
    }
  });

  it("pages a type's rows that share one item by their cursor as by their number, none skipped or repeated", async () => {
    // As every CAI point of sale's item is 'Facturación': the next page is read from (item, id) on, ids consecutive.
    await ctx.t.db.execute(sql`
      insert into vencimientos (id, tipo, grupo, item_id, empresa_id, item, vence, cliente, cuit)
      select 50000000 + g, 'punto_venta', 'afip', 50000000 + g, ${ctx.clienteId}, 'Facturación',
             ${dia(30)}::date + g % 40, 'Cursor ' || g, '30712345671'
      from generate_series(1, 90) g`);
    const pagina = async (extra: string) =>
      envelope(vencimientoPage)
        .parse(
          (
            await ctx.t.app.inject({
              url: `/api/vencimientos/afip/lista?tipo=punto_venta&empresa_id=${ctx.clienteId}&size=25&${extra}`,
              headers: ctx.comercial,
            })
          ).json(),
        )
        .datos!.items.map((v) => v.id);
    try {
      for (const sort of ['item', '-item', 'vence', '-cliente']) {
        const [p1, p2, p3, p4] = [
          await pagina(`sort=${sort}&page=1`),
          await pagina(`sort=${sort}&page=2`),
          await pagina(`sort=${sort}&page=3`),
          await pagina(`sort=${sort}&page=4`),
        ];
        expect(new Set([...p1, ...p2, ...p3, ...p4]).size, sort).toBe(90);
        expect(await pagina(`sort=${sort}&page=2&tras=${p1.at(-1)}`), `${sort} tras`).toEqual(p2);
        expect(await pagina(`sort=${sort}&page=3&tras=${p2.at(-1)}`), `${sort} tras`).toEqual(p3);
        expect(await pagina(`sort=${sort}&page=2&antes=${p3[0]}`), `${sort} antes`).toEqual(p2);
        expect(await pagina(`sort=${sort}&page=3&antes=${p4[0]}`), `${sort} antes`).toEqual(p3);
      }
    } finally {
      await ctx.t.db.execute(sql`delete from vencimientos where id > 50000000`);
    }
  });

  it('counts by month for the chart', async () => {
    const meses = envelope(vencimientoMeses).parse(
      (await ctx.t.app.inject({ url: '/api/vencimientos/physis/meses', headers: ctx.comercial })).json(),
    ).datos!;
    expect(meses.meses).toHaveLength(12);
    expect(meses.meses[0]!.mes).toBe(dia(0).slice(0, 7));
    const [{ n }] = (
      await ctx.t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from vencimientos where grupo = 'physis'
          and vence < (now() at time zone 'America/Argentina/Buenos_Aires')::date`,
      )
    ).rows as [{ n: number }];
    expect(meses.vencidos).toBe(n);
    expect(meses.vencidos).toBeGreaterThanOrEqual(1);
  });

  it('exports the filtered grid as CSV with ISO 8601 dates', async () => {
    const res = await ctx.t.app.inject({
      url: `/api/vencimientos/physis/export.csv?empresa_id=${ctx.clienteId}&plazo=vencidos`,
      headers: ctx.comercial,
    });
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    // The Physis grid is all licences: its 'Tipo' is the licence's (the import's columns).
    expect(rows[0]).toMatchObject({
      Cliente: 'Zeta Prueba SA',
      Tipo: 'Anual',
      Módulo: 'Ventas',
      Usuarios: '5',
      Inicio: dia(-400),
      Vence: dia(-10),
      'Días restantes': '-10',
      Estado: 'Vencido hace 10 días',
    });
  });

  // On PostgreSQL both grids' files are written by COPY, on PGlite row by row: the same bytes either way.
  it("writes each grid's CSV as the row-by-row export does, whoever writes it", async () => {
    await licencia(dia(-1), { serial: '=SUM(A1)', modulo: '', usuarios: 1, renovacion_auto: true });
    await licencia(dia(400), { tipo: 'mensual', serial: 'SN-2' });
    const porFilas = async <Row extends { id: number }>(
      grupo: 'afip' | 'physis',
      columnas: CsvColumn<Row>[],
      source: (db: Db) => ListSource<Row>,
    ) => {
      const app = Fastify();
      app.get('/x.csv', (_request, reply) => {
        sendCsv(reply, {
          nombre: 'x',
          columnas,
          filas: listBatches(vencimientosList, { grupo, sort: '-cliente' }, source(ctx.t.db), 7),
        });
        return reply;
      });
      const body = (await app.inject('/x.csv')).body;
      await app.close();
      return body;
    };
    for (const [grupo, esperado] of [
      ['physis', await porFilas('physis', licenciasCsv, licenciasGridSource)],
      ['afip', await porFilas('afip', vencimientosCsv, vencimientosSource)],
    ] as const) {
      const res = await ctx.t.app.inject({
        url: `/api/vencimientos/${grupo}/export.csv?sort=-cliente`,
        headers: ctx.comercial,
      });
      expect(res.statusCode).toBe(200);
      expect(parse(res.body, { bom: true }).length, grupo).toBeGreaterThan(2);
      expect(res.body, grupo).toBe(esperado);
    }
  });

  it('"Renovar" sets the new date and keeps the old one in the history and the audit log', async () => {
    const { id } = await licencia(dia(3));
    const renovar = (vence: string, headers = ctx.admin) =>
      ctx.t.app.inject({
        method: 'POST',
        url: `/api/vencimientos/items/licencia/${id}/renovar`,
        headers,
        payload: { vence, nota: 'Pagó el año' },
      });
    expect((await renovar(dia(368), ctx.comercial)).statusCode).toBe(403);
    const antes = await renovar(dia(1));
    expect(antes.statusCode).toBe(400);
    expect(antes.json().campos.vence[0]).toMatch(/posterior al vencimiento actual/);
    expect((await renovar(dia(368))).statusCode).toBe(201);
    expect((await renovar(dia(733))).statusCode).toBe(201);
    const [lic] = await ctx.t.db.select().from(physisLicencias).where(eq(physisLicencias.id, id));
    expect(lic!.vence).toBe(dia(733));
    const historia = (
      await ctx.t.app.inject({ url: `/api/vencimientos/items/licencia/${id}/renovaciones`, headers: ctx.comercial })
    ).json().datos;
    expect(
      historia.map((r: { vence_anterior: string; vence_nuevo: string }) => [r.vence_anterior, r.vence_nuevo]),
    ).toEqual([
      [dia(368), dia(733)],
      [dia(3), dia(368)],
    ]);
    expect(historia[0]).toMatchObject({ nota: 'Pagó el año', usuario: 'Administrador' });
    const audits = await ctx.t.db
      .select()
      .from(auditoria)
      .where(
        and(
          eq(auditoria.entidad, 'physis_licencia'),
          eq(auditoria.accion, 'renovar'),
          eq(auditoria.entidadId, String(id)),
        ),
      );
    expect(audits).toHaveLength(2);
    const fila = (
      await ctx.t.app.inject({
        url: `/api/vencimientos/physis/lista?empresa_id=${ctx.clienteId}&sort=-vence&size=1`,
        headers: ctx.comercial,
      })
    ).json().datos.items[0];
    expect(fila).toMatchObject({ item_id: id, renovaciones: 2, dias: 733 });

    // Deleting the licence takes its history with it, in one transaction.
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/vencimientos/items/licencia/${id}`, headers: ctx.admin }))
        .statusCode,
    ).toBe(200);
    expect(
      await ctx.t.db
        .select()
        .from(vencimientoRenovaciones)
        .where(and(eq(vencimientoRenovaciones.tipo, 'licencia'), eq(vencimientoRenovaciones.itemId, id))),
    ).toEqual([]);
    expect(
      (await ctx.t.app.inject({ url: `/api/vencimientos/items/licencia/${id}`, headers: ctx.comercial })).statusCode,
    ).toBe(404);
  });

  it('validates licences and points of sale with field errors', async () => {
    const mala = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/vencimientos/licencias',
      headers: ctx.admin,
      payload: {
        empresa_id: ctx.clienteId,
        producto_id: productoId,
        tipo: 'anual',
        usuarios: 0,
        inicio: dia(0),
        vence: null,
      },
    });
    expect(mala.statusCode).toBe(400);
    expect(Object.keys(mala.json().campos).sort()).toEqual(['usuarios', 'vence']);
    const pv = (payload: Record<string, unknown>) =>
      ctx.t.app.inject({
        method: 'POST',
        url: '/api/vencimientos/puntos-venta',
        headers: ctx.admin,
        payload: { empresa_id: ctx.clienteId, ...payload },
      });
    const cai = await pv({ numero: 4, modalidad: 'cai' });
    expect(cai.json().campos).toEqual({ cai_vence: ['Un punto de venta CAI necesita el vencimiento del CAI'] });
    const ok = await pv({ numero: 4, modalidad: 'cai', cai_vence: dia(45) });
    expect(ok.statusCode).toBe(201);
    const dup = await pv({ numero: 4, modalidad: 'cae' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().campos).toEqual({ numero: ['El cliente ya tiene ese punto de venta'] });
    const grid = (
      await ctx.t.app.inject({
        url: `/api/vencimientos/afip/lista?empresa_id=${ctx.clienteId}&tipo=punto_venta`,
        headers: ctx.comercial,
      })
    ).json().datos;
    expect(grid.items).toEqual([expect.objectContaining({ item: 'PV 00004', dias: 45, tipo: 'punto_venta' })]);
  });
});

describe('the demo data', () => {
  const ctx = fresh();
  it('spreads certificates and licences over expired, soon and later', async () => {
    for (const grupo of ['afip', 'physis']) {
      const q = (plazo: string) =>
        ctx.t.app.inject({ url: `/api/vencimientos/${grupo}/lista?plazo=${plazo}`, headers: ctx.comercial });
      expect((await q('vencidos')).json().datos.total).toBeGreaterThan(0);
      expect((await q('30')).json().datos.total).toBeGreaterThan(0);
      const todos = (await q('todos')).json().datos.total;
      expect(todos).toBeGreaterThan((await q('90')).json().datos.total + (await q('vencidos')).json().datos.total);
    }
  });
});
