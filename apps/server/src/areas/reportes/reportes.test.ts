import { envelope } from '@intranet/contract/shared/envelope';
import type { PermissionCode } from '@intranet/contract/registry';
import { REPORTE_IDS, reporteCatalogo, reporteResultado } from '@intranet/contract/areas/reportes';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, freshApp, useTemplate } from '../../test/harness.ts';

const headers: Record<string, { authorization: string }> = {};

/** Users whose only codes are these, by name. */
const USUARIOS: Record<string, PermissionCode[]> = {
  soluciones: ['PROD#VER'],
  clientes: ['PROD#VER', 'CLIENTES#VER'],
  inventario: ['PROD#VER', 'PHY-MAQ#TODO'],
  tecnica: ['PROD#VER', 'SER#VER', 'PACKS#VER'],
  sinReportes: ['CLIENTES#VER', 'PHY-MAQ#TODO', 'PACKS#VER', 'SER#VER', 'SUBPROD#VER'],
};

const ctx = freshApp(useTemplate(), ['admin'], {
  setup: async ({ t, admin }) => {
    headers.admin = admin;
    for (const [usuario, codigos] of Object.entries(USUARIOS)) {
      await createUser(t.db, { usuario, password: 'clave', codigos });
      headers[usuario] = await bearer(t.app, usuario, 'clave');
    }
  },
});

const get = (url: string, quien: string | null) => ctx.t.app.inject({ url, headers: quien ? headers[quien] : {} });
const ids = async (quien: string) =>
  envelope(reporteCatalogo)
    .parse((await get('/api/reportes', quien)).json())
    .datos.map((r) => r.id);

describe('GET /api/reportes', () => {
  it('lists every report to whoever may read all their data', async () => {
    expect(await ids('admin')).toEqual(REPORTE_IDS);
  });

  it('lists only the reports whose data the caller may read', async () => {
    expect(await ids('soluciones')).toEqual([]);
    expect(await ids('clientes')).toEqual([
      'clientes-por-version',
      'vencimientos-por-mes',
      'actualizaciones-por-mes',
      'clientes-desactualizados',
    ]);
    expect(await ids('inventario')).toEqual(['maquinas-por-estado']);
    expect(await ids('tecnica')).toEqual(['descargas-por-mes', 'descargas-por-paquete', 'desarrollos-por-estado']);
  });

  it('leaves out the columns and series of data the caller may not read (sites without SUBPROD#VER)', async () => {
    const porUsuario = async (quien: string) =>
      envelope(reporteCatalogo)
        .parse((await get('/api/reportes', quien)).json())
        .datos.find((r) => r.id === 'vencimientos-por-mes')!;
    const admin = await porUsuario('admin');
    expect(admin.columnas.map((c) => c.clave)).toEqual(['mes', 'certificados', 'cai', 'licencias', 'ssl', 'dominios']);
    const clientes = await porUsuario('clientes');
    expect(clientes.columnas.map((c) => c.clave)).toEqual(['mes', 'certificados', 'cai', 'licencias']);
    expect(clientes.grafico).toEqual({
      tipo: 'barras_apiladas',
      x: 'mes',
      series: ['certificados', 'cai', 'licencias'],
    });
    expect(clientes.parametros).toEqual([
      { tipo: 'rango_meses', etiqueta: 'Meses' },
      { tipo: 'empresa', etiqueta: 'Cliente' },
    ]);
  });

  it('needs a session (401) and PROD#VER (403) on every route', async () => {
    for (const url of [
      '/api/reportes',
      '/api/reportes/maquinas-por-estado',
      '/api/reportes/maquinas-por-estado/export.csv',
    ]) {
      expect((await get(url, null)).statusCode).toBe(401);
      const res = await get(url, 'sinReportes');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'No tiene permiso para esta acción', datos: null });
    }
  });
});

describe('GET /api/reportes/:id', () => {
  it('runs a report and answers columns, rows and totals', async () => {
    const res = await get('/api/reportes/maquinas-por-estado', 'inventario');
    expect(res.statusCode).toBe(200);
    const { datos } = envelope(reporteResultado).parse(res.json());
    expect(datos.columnas.map((c) => c.clave)).toEqual(['estado', 'notebook', 'pc', 'servidor', 'vm', 'total']);
    expect(datos.grafico).toEqual({
      tipo: 'barras_apiladas',
      x: 'estado',
      series: ['notebook', 'pc', 'servidor', 'vm'],
    });
    expect(datos.filas.map((f) => f.estado)).toEqual(['En uso', 'Disponible', 'Reparación', 'Baja']);
    expect(datos.totales).toMatchObject({ total: datos.filas.reduce((s, f) => s + Number(f.total), 0) });
  });

  it('answers 404 for a report that does not exist', async () => {
    const res = await get('/api/reportes/no-existe', 'admin');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'El reporte no existe', datos: null });
    expect((await get('/api/reportes/no-existe/export.csv', 'admin')).statusCode).toBe(404);
  });

  it('answers 403 for a report whose data the caller may not read, before looking at its parameters', async () => {
    for (const url of [
      '/api/reportes/maquinas-por-estado',
      '/api/reportes/maquinas-por-estado/export.csv',
      '/api/reportes/maquinas-por-estado?garantia=x',
    ]) {
      const res = await get(url, 'clientes');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('No tiene permiso para esta acción');
    }
    expect((await get('/api/reportes/clientes-por-version', 'inventario')).statusCode).toBe(403);
    expect((await get('/api/reportes/desarrollos-por-estado', 'clientes')).statusCode).toBe(403);
  });

  it("validates the parameters with the report's schema: 400 with the field errors", async () => {
    const campos = async (url: string) => {
      const res = await get(url, 'admin');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Datos inválidos', datos: null });
      return res.json().campos as Record<string, string[]>;
    };
    expect(await campos('/api/reportes/vencimientos-por-mes?desde=2026-13&hasta=2026-1&empresa_id=x')).toEqual({
      desde: ['Mes inválido (aaaa-mm)'],
      hasta: ['Mes inválido (aaaa-mm)'],
      empresa_id: ['Cliente inválido'],
    });
    expect(await campos('/api/reportes/vencimientos-por-mes?desde=2026-05&hasta=2026-04')).toEqual({
      hasta: ['El final no puede ser anterior al inicio'],
    });
    expect(await campos('/api/reportes/actualizaciones-por-mes?desde=2020-01&hasta=2025-01')).toEqual({
      hasta: ['Máximo 60 meses'],
    });
    expect(await campos('/api/reportes/descargas-por-paquete?desde=2026-02-30&producto_id=0')).toEqual({
      desde: ['Fecha inválida (aaaa-mm-dd)'],
      producto_id: ['Producto inválido'],
    });
    expect(await campos('/api/reportes/maquinas-por-estado?garantia=siempre&tipo=pc')).toEqual({
      garantia: ['Elija una de: todas, vigente, vencida'],
      tipo: ['Campo no permitido'],
    });
    expect(await campos('/api/reportes/descargas-por-mes?canal=estable&canal=beta')).toHaveProperty('canal');
    expect((await get('/api/reportes/maquinas-por-estado/export.csv?garantia=siempre', 'admin')).statusCode).toBe(400);
  });

  it('runs every report on the demo data with its default parameters', async () => {
    for (const id of REPORTE_IDS) {
      const res = await get(`/api/reportes/${id}`, 'admin');
      expect(res.statusCode, id).toBe(200);
      const { datos } = envelope(reporteResultado).parse(res.json());
      expect(datos.filas.length, id).toBeGreaterThan(0);
      for (const fila of datos.filas) expect(Object.keys(fila), id).toEqual(datos.columnas.map((c) => c.clave));
    }
  });
});

describe('GET /api/reportes/:id/export.csv', () => {
  it('streams the same rows as CSV, months as mm/aaaa, with a totals row', async () => {
    const url = '/api/reportes/actualizaciones-por-mes?desde=2031-01&hasta=2031-03';
    const json = envelope(reporteResultado).parse((await get(url, 'admin')).json()).datos;
    const res = await get(url.replace('actualizaciones-por-mes', 'actualizaciones-por-mes/export.csv'), 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="reporte-actualizaciones-por-mes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows).toEqual([
      ['Mes', 'Correcta', 'Con error', 'Parcial', 'Total'],
      ['01/2031', '0', '0', '0', '0'],
      ['02/2031', '0', '0', '0', '0'],
      ['03/2031', '0', '0', '0', '0'],
      ['Total', '0', '0', '0', '0'],
    ]);
    expect(json.filas).toHaveLength(3);
  });

  it('exports only the columns the caller may read', async () => {
    const res = await get('/api/reportes/vencimientos-por-mes/export.csv?desde=2031-01&hasta=2031-01', 'clientes');
    expect(res.statusCode).toBe(200);
    expect((parse(res.body, { bom: true }) as string[][])[0]).toEqual([
      'Mes',
      'Certificados AFIP',
      'CAI',
      'Licencias Physis',
    ]);
  });
});
