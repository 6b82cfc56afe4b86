import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envelope } from '@intranet/contract/shared/envelope';
import { diaActual, reporteResultado, type ReporteFila } from '@intranet/contract/areas/reportes';
import { versionOrden } from '@intranet/contract/shared/version-numero';
import { emptyDocument } from '@intranet/editor';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  actualizaciones,
  afipCertificados,
  afipPuntosVenta,
  desarrollos,
  clientes,
  paqueteDescargas,
  paquetes,
  physisLicencias,
  productos,
  servidoresCliente,
  sitios,
  versiones,
} from '../../db/schema.ts';
import { bearer, createUser, freshApp, PASSWORDS, useTemplate } from '../../test/harness.ts';

// Report figures on rows of known content: the demo data where it does not move with today's date, rows of the
// test's own otherwise (in months no demo row reaches, or behind a client or product of the test's own).

const template = useTemplate();
const ctx = freshApp(template, ['admin']);

async function run(id: string, query = '', headers = ctx.admin) {
  const res = await ctx.t.app.inject({ url: `/api/reportes/${id}?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(reporteResultado).parse(res.json()).datos;
}

let cuits = 0;
async function cliente(razonSocial: string, activo = true): Promise<number> {
  cuits += 1;
  const cuit = `3099${String(cuits).padStart(7, '0')}`;
  const [row] = await ctx.t.db
    .insert(clientes)
    .values({ razonSocial, cuit, condicionIva: 'monotributo', notas: emptyDocument(), activo })
    .returning({ id: clientes.id });
  return row!.id;
}
async function servidor(clienteId: number, nombre: string, versionPhysis: string | null = null): Promise<number> {
  const [row] = await ctx.t.db
    .insert(servidoresCliente)
    .values({ clienteId, nombre, versionPhysis })
    .returning({ id: servidoresCliente.id });
  return row!.id;
}
async function producto(codigo: string, nombre: string): Promise<number> {
  const [row] = await ctx.t.db
    .insert(productos)
    .values({ codigo, nombre, tipo: 'escritorio', descripcion: emptyDocument() })
    .returning({ id: productos.id });
  return row!.id;
}
async function version(
  productoId: number,
  numero: string,
  canal: 'estable' | 'beta' | 'hotfix',
  estado: 'borrador' | 'publicada' = 'publicada',
) {
  const [row] = await ctx.t.db
    .insert(versiones)
    .values({ productoId, numero, orden: versionOrden(numero), canal, estado, notas: emptyDocument() })
    .returning({ id: versiones.id });
  return row!.id;
}

describe('Máquinas por estado (demo data)', () => {
  it('counts the seeded inventory by state and type', async () => {
    const r = await run('maquinas-por-estado');
    expect(r.filas).toEqual([
      { estado: 'En uso', notebook: 9, pc: 3, servidor: 1, vm: 1, total: 14 },
      { estado: 'Disponible', notebook: 2, pc: 1, servidor: 1, vm: 1, total: 5 },
      { estado: 'Reparación', notebook: 1, pc: 0, servidor: 0, vm: 0, total: 1 },
      { estado: 'Baja', notebook: 0, pc: 1, servidor: 0, vm: 0, total: 1 },
    ]);
    expect(r.totales).toEqual({ notebook: 12, pc: 5, servidor: 2, vm: 2, total: 21 });
  });

  it('splits by warranty: those covered today, and those out of it or without one', async () => {
    const [vigente, vencida] = [
      await run('maquinas-por-estado', 'garantia=vigente'),
      await run('maquinas-por-estado', 'garantia=vencida'),
    ];
    // Seeded warranties run from the purchase for a number of days: ten machines are still covered today.
    expect(vigente.totales).toEqual({ notebook: 7, pc: 2, servidor: 1, vm: 0, total: 10 });
    expect(vencida.totales).toEqual({ notebook: 5, pc: 3, servidor: 1, vm: 2, total: 11 });
  });
});

describe('Clientes por versión de Physis', () => {
  it('counts each client once, on the highest version of its servers (3.10 above 3.9), and the servers on each version', async () => {
    const antes = await run('clientes-por-version', 'clientes=todos');
    const a = await cliente('Reporte A');
    await servidor(a, 'A1', '99.10.1');
    await servidor(a, 'A2', '99.9.0');
    const b = await cliente('Reporte B');
    await servidor(b, 'B1', '99.9.0');
    await servidor(b, 'B2', null);
    const c = await cliente('Reporte C', false);
    await servidor(c, 'C1', '99.10.1');

    const activos = await run('clientes-por-version');
    expect(activos.filas.slice(0, 2)).toEqual([
      { version: '99.10.1', clientes: 1, servidores: 1 },
      { version: '99.9.0', clientes: 1, servidores: 2 },
    ]);
    const [activas] = await ctx.t.db.select({ n: count() }).from(clientes).where(eq(clientes.activo, true));
    expect(activos.totales!.clientes).toBe(activas!.n);

    const todos = await run('clientes-por-version', 'clientes=todos');
    expect(todos.filas.slice(0, 2)).toEqual([
      { version: '99.10.1', clientes: 2, servidores: 2 },
      { version: '99.9.0', clientes: 1, servidores: 2 },
    ]);
    expect(todos.totales).toEqual({
      clientes: antes.totales!.clientes! + 3,
      servidores: antes.totales!.servidores! + 4,
    });
    expect((await run('clientes-por-version', 'clientes=inactivos')).filas[0]).toEqual({
      version: '99.10.1',
      clientes: 1,
      servidores: 1,
    });
    // The one seeded client without servers.
    expect(antes.filas.at(-1)).toEqual({ version: 'Sin versión', clientes: 1, servidores: 0 });
  });
});

describe('Vencimientos por mes', () => {
  it('counts certificates, CAI, live licences and sites of one client in each month of the range', async () => {
    const e = await cliente('Reporte Vencimientos');
    const [physis] = await ctx.t.db.select({ id: productos.id }).from(productos).where(eq(productos.codigo, 'PHY-ERP'));
    const cert = (vence: string, n: number) => ({
      clienteId: e,
      cuit: '30990000001',
      cn: `cert${n}`,
      ambiente: 'produccion' as const,
      emitido: '2038-01-01',
      vence,
      serial: `s${n}`,
      huella: `h${n}`,
    });
    await ctx.t.db
      .insert(afipCertificados)
      .values([cert('2040-03-01', 1), cert('2040-03-31', 2), cert('2040-06-01', 3)]);
    await ctx.t.db.insert(afipPuntosVenta).values([
      { clienteId: e, numero: 7, modalidad: 'cai', caiVence: '2040-05-10' },
      { clienteId: e, numero: 8, modalidad: 'cae' },
    ]);
    const lic = (vence: string | null, extra = {}) => ({
      clienteId: e,
      productoId: physis!.id,
      tipo: vence ? ('anual' as const) : ('perpetua' as const),
      inicio: '2039-01-01',
      vence,
      ...extra,
    });
    await ctx.t.db
      .insert(physisLicencias)
      .values([lic('2040-03-15'), lic('2040-04-15'), lic('2040-04-20', { baja: '2039-06-01' }), lic(null)]);
    await ctx.t.db.insert(sitios).values([
      {
        nombre: 'Sitio reporte',
        url: 'https://reporte.example.com',
        clienteId: e,
        sslVence: '2040-04-02',
        dominioVence: '2040-03-20',
      },
      {
        nombre: 'Sitio de baja',
        url: 'https://baja.example.com',
        clienteId: e,
        estado: 'baja',
        sslVence: '2040-04-02',
      },
    ]);

    const r = await run('vencimientos-por-mes', `desde=2040-02&hasta=2040-05&empresa_id=${e}`);
    expect(r.filas).toEqual([
      { mes: '2040-02', certificados: 0, cai: 0, licencias: 0, ssl: 0, dominios: 0 },
      { mes: '2040-03', certificados: 2, cai: 0, licencias: 1, ssl: 0, dominios: 1 },
      { mes: '2040-04', certificados: 0, cai: 0, licencias: 1, ssl: 1, dominios: 0 },
      { mes: '2040-05', certificados: 0, cai: 1, licencias: 0, ssl: 0, dominios: 0 },
    ]);
    expect(r.totales).toEqual({ certificados: 2, cai: 1, licencias: 2, ssl: 1, dominios: 1 });

    await createUser(ctx.t.db, { usuario: 'vence', password: 'clave', codigos: ['PROD#VER', 'CLIENTES#VER'] });
    const sinSitios = await run(
      'vencimientos-por-mes',
      `desde=2040-03&hasta=2040-03&empresa_id=${e}`,
      await bearer(ctx.t.app, 'vence', 'clave'),
    );
    expect(sinSitios.filas).toEqual([{ mes: '2040-03', certificados: 2, cai: 0, licencias: 1 }]);
    expect(sinSitios.grafico.series).toEqual(['certificados', 'cai', 'licencias']);
  });
});

describe('Actualizaciones por resultado', () => {
  it("counts one client's updates in each month by result, months in Buenos Aires time", async () => {
    const e = await cliente('Reporte Actualizaciones');
    const s = await servidor(e, 'RA1');
    const p = await producto('REP-ACT', 'Producto reporte actualizaciones');
    const v = await version(p, '1.0.0', 'estable');
    const upd = (fecha: string, resultado: 'ok' | 'error' | 'parcial') => ({
      clienteId: e,
      servidorId: s,
      productoId: p,
      versionHastaId: v,
      fecha: new Date(fecha),
      resultado,
    });
    await ctx.t.db.insert(actualizaciones).values([
      upd('2031-01-05T12:00:00-03:00', 'ok'),
      upd('2031-01-31T23:30:00-03:00', 'error'), // 1 February in UTC, still January in Buenos Aires
      upd('2031-02-01T00:30:00-03:00', 'ok'),
      upd('2031-02-15T10:00:00-03:00', 'parcial'),
      upd('2031-04-01T09:00:00-03:00', 'ok'), // after the range
    ]);
    const r = await run('actualizaciones-por-mes', `desde=2031-01&hasta=2031-03&empresa_id=${e}`);
    expect(r.filas).toEqual([
      { mes: '2031-01', ok: 1, error: 1, parcial: 0, total: 2 },
      { mes: '2031-02', ok: 1, error: 0, parcial: 1, total: 2 },
      { mes: '2031-03', ok: 0, error: 0, parcial: 0, total: 0 },
    ]);
    expect(r.totales).toEqual({ ok: 2, error: 1, parcial: 1, total: 4 });
    expect((await run('actualizaciones-por-mes', `desde=2031-01&hasta=2031-03&producto_id=${p}`)).totales).toEqual(
      r.totales,
    );
  });
});

describe('Clientes desactualizados por producto', () => {
  it('compares what each client runs with the newest estable/hotfix release', async () => {
    const p = await producto('REP-DES', 'AAA Producto reporte');
    const v100 = await version(p, '1.0.0', 'estable');
    const v110 = await version(p, '1.1.0', 'hotfix');
    await version(p, '1.2.0', 'beta');
    await version(p, '2.0.0', 'estable', 'borrador');
    const upd = async (e: number, s: number, v: number, fecha: string, resultado: 'ok' | 'error' = 'ok') =>
      ctx.t.db
        .insert(actualizaciones)
        .values({ clienteId: e, servidorId: s, productoId: p, versionHastaId: v, fecha: new Date(fecha), resultado });
    const alDia = await cliente('Des al día');
    await upd(alDia, await servidor(alDia, 'X1'), v110, '2030-01-01');
    const fallida = await cliente('Des fallida');
    const f1 = await servidor(fallida, 'F1');
    await upd(fallida, f1, v100, '2030-01-01');
    await upd(fallida, f1, v110, '2030-02-01', 'error');
    const mixta = await cliente('Des mixta');
    await upd(mixta, await servidor(mixta, 'M1'), v110, '2030-01-01');
    await upd(mixta, await servidor(mixta, 'M2'), v100, '2030-01-01');
    const inactiva = await cliente('Des inactiva', false);
    await upd(inactiva, await servidor(inactiva, 'I1'), v100, '2030-01-01');

    const fila = (r: { filas: ReporteFila[] }) => r.filas.find((f) => f.producto === 'AAA Producto reporte');
    expect(fila(await run('clientes-desactualizados'))).toEqual({
      producto: 'AAA Producto reporte',
      ultima_version: '1.1.0',
      al_dia: 1,
      desactualizados: 2,
    });
    expect(fila(await run('clientes-desactualizados', 'clientes=todos'))).toMatchObject({
      al_dia: 1,
      desactualizados: 3,
    });
    expect(fila(await run('clientes-desactualizados', 'clientes=inactivos'))).toMatchObject({
      al_dia: 0,
      desactualizados: 1,
    });
  });
});

describe('Descargas de paquetes', () => {
  it('counts downloads per month (Buenos Aires) and distinct packages, by channel and product', async () => {
    const [a, b, c] = await ctx.t.db
      .insert(paquetes)
      .values([
        { nombre: 'rep-a.exe', producto: 'PHYSIS ERP', version: '9.0.0', canal: 'hotfix' },
        { nombre: 'rep-b.exe', producto: 'Physis ERP', version: '9.0.1', canal: 'hotfix' },
        { nombre: 'rep-c.exe', producto: 'Otro', version: '1.0', canal: 'hotfix' },
      ])
      .returning({ id: paquetes.id });
    const bajada = (paqueteId: number, fecha: string) => ({ paqueteId, fecha: new Date(fecha) });
    await ctx.t.db
      .insert(paqueteDescargas)
      .values([
        bajada(a!.id, '2031-01-10T10:00:00-03:00'),
        bajada(a!.id, '2031-01-11T10:00:00-03:00'),
        bajada(b!.id, '2031-01-31T23:30:00-03:00'),
        bajada(a!.id, '2031-02-01T00:30:00-03:00'),
        bajada(c!.id, '2031-02-10T10:00:00-03:00'),
      ]);
    const r = await run('descargas-por-mes', 'desde=2031-01&hasta=2031-03&canal=hotfix');
    expect(r.filas).toEqual([
      { mes: '2031-01', descargas: 3, paquetes: 2 },
      { mes: '2031-02', descargas: 2, paquetes: 2 },
      { mes: '2031-03', descargas: 0, paquetes: 0 },
    ]);
    expect(r.totales).toEqual({ descargas: 5 });
    const [physis] = await ctx.t.db.select({ id: productos.id }).from(productos).where(eq(productos.codigo, 'PHY-ERP'));
    expect((await run('descargas-por-mes', `desde=2031-01&hasta=2031-03&producto_id=${physis!.id}`)).totales).toEqual({
      descargas: 4,
    });
    expect((await run('descargas-por-mes', 'desde=2031-01&hasta=2031-03&canal=beta')).totales).toEqual({
      descargas: 0,
    });

    const enero = await run('descargas-por-paquete', 'desde=2031-01-01&hasta=2031-01-31');
    expect(enero.filas).toEqual([
      { paquete: 'rep-a.exe', version: '9.0.0', descargas: 2 },
      { paquete: 'rep-b.exe', version: '9.0.1', descargas: 1 },
    ]);
  });
});

describe("a download through the package's direct link", () => {
  it("is dated in paquete_descargas, so today's report counts it", async () => {
    const filesDir = await mkdtemp(join(tmpdir(), 'intranet-reportes-'));
    const own = await template.clone({ filesDir });
    try {
      const headers = await bearer(own.app, 'admin', PASSWORDS.admin);
      const bytes = Buffer.from('instalador de prueba del reporte');
      const query = new URLSearchParams({
        nombre: 'ReporteSetup-1.0.0.exe',
        producto: 'Physis ERP',
        version: '1.0.0',
        canal: 'estable',
      });
      const up = await own.app.inject({
        method: 'POST',
        url: `/api/paquetes?${query}`,
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        payload: bytes,
      });
      expect(up.statusCode).toBe(201);
      const { id } = up.json().datos as { id: number };
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      for (let i = 0; i < 2; i += 1)
        expect((await own.app.inject({ url: `/api/paquetes/${id}/descarga/${sha256}` })).statusCode).toBe(200);
      const hoy = diaActual();
      const res = await own.app.inject({
        url: `/api/reportes/descargas-por-paquete?desde=${hoy}&hasta=${hoy}`,
        headers,
      });
      expect(envelope(reporteResultado).parse(res.json()).datos.filas).toContainEqual({
        paquete: 'ReporteSetup-1.0.0.exe',
        version: '1.0.0',
        descargas: 2,
      });
    } finally {
      await own.close();
      await rm(filesDir, { recursive: true, force: true });
    }
  });
});

describe('Desarrollos por estado', () => {
  it("counts one product's developments in every state by priority, with their hours", async () => {
    const p = await producto('REP-DEV', 'Producto reporte desarrollos');
    const dev = (
      estado: 'pendiente' | 'desarrollo' | 'entregado',
      prioridad: 'baja' | 'alta' | 'urgente',
      horasEstimadas: number | null,
      horasReales: number | null,
    ) => ({
      titulo: `${estado} ${prioridad}`,
      productoId: p,
      descripcion: emptyDocument(),
      estado,
      prioridad,
      horasEstimadas,
      horasReales,
    });
    await ctx.t.db
      .insert(desarrollos)
      .values([
        dev('pendiente', 'alta', 10, null),
        dev('pendiente', 'baja', 2.5, null),
        dev('desarrollo', 'urgente', 40, 12.25),
        dev('entregado', 'alta', 8, 9.5),
      ]);
    const r = await run('desarrollos-por-estado', `producto_id=${p}`);
    const cero = { baja: 0, media: 0, alta: 0, urgente: 0, total: 0, horas_estimadas: 0, horas_reales: 0 };
    expect(r.filas).toEqual([
      { ...cero, estado: 'Pendiente', baja: 1, alta: 1, total: 2, horas_estimadas: 12.5 },
      { ...cero, estado: 'Análisis' },
      { ...cero, estado: 'Desarrollo', urgente: 1, total: 1, horas_estimadas: 40, horas_reales: 12.25 },
      { ...cero, estado: 'Testing' },
      { ...cero, estado: 'Entregado', alta: 1, total: 1, horas_estimadas: 8, horas_reales: 9.5 },
      { ...cero, estado: 'Cancelado' },
    ]);
    expect(r.totales).toEqual({
      baja: 1,
      media: 0,
      alta: 2,
      urgente: 1,
      total: 4,
      horas_estimadas: 60.5,
      horas_reales: 21.75,
    });
  });
});
