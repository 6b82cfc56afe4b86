import { envelope } from '@intranet/contract/shared/envelope';
import { sitioVencimientoMeses, sitioVencimientoPage, SITIO_VENCIMIENTO_SORT } from '@intranet/contract/areas/sitios';
import {
  DIAS_CRITICO,
  DIAS_PROXIMO,
  estadoVencimiento,
  VENCIMIENTO_ESTADOS,
} from '@intranet/contract/areas/clientes/vencimientos';
import { fechaLocal } from '../../core/fechas.ts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { SITIOS } from './seed.ts';
import { fresh, ids, templatePorArchivo } from './test-support.ts';

// The site-expiry grid: every SSL certificate and domain of the sites not retired, by the clients' colour rule.

const holder = templatePorArchivo();
const vigentes = SITIOS.filter((s) => s.estado !== 'baja');
const fechas = vigentes.flatMap((s) => [s.ssl, s.dominio]).filter((d): d is number => d !== null);

describe('GET /api/sitios/vencimientos', () => {
  const ctx = fresh(holder);
  const grid = async (query: string) => {
    const res = await ctx.t.app.inject({ url: `/api/sitios/vencimientos?size=200&${query}`, headers: ctx.admin });
    expect(res.statusCode, query).toBe(200);
    return envelope(sitioVencimientoPage).parse(res.json()).datos;
  };

  it('lists both expiries of every site not retired, soonest first, with days left and issuer or registrar', async () => {
    const { items, total } = await grid('');
    expect(total).toBe(fechas.length);
    expect(items.map((r) => r.dias)).toEqual([...fechas].sort((a, b) => a - b));
    expect(items.some((r) => r.nombre.startsWith('Textil'))).toBe(false);
    const www = items.filter((r) => r.url === 'https://www.physis.com.ar/');
    expect(www.map((r) => [r.tipo, r.dias, r.detalle, r.cliente])).toEqual([
      ['ssl', 62, "Let's Encrypt (R11)", null],
      ['dominio', 210, 'NIC Argentina', null],
    ]);
    expect(www[0]!.id).toBe(www[0]!.sitio_id * 2);
  });

  it('colours by the shared rule: red expired, orange up to 30 days (today included), yellow to 90, green beyond', async () => {
    const { items } = await grid('');
    const por = (dias: number) => items.find((r) => r.dias === dias)!;
    expect(estadoVencimiento(por(-10).dias)).toBe('vencido');
    expect(estadoVencimiento(por(0).dias)).toBe('critico');
    expect(estadoVencimiento(por(30).dias)).toBe('critico');
    expect(estadoVencimiento(por(62).dias)).toBe('proximo');
    expect(estadoVencimiento(por(95).dias)).toBe('vigente');
  });

  it('quick filters Vencidos / 7 / 30 / 60 / 90 / Todos, kind, client, own sites and search', async () => {
    const cuenta = (filtro: (d: number) => boolean) => fechas.filter(filtro).length;
    expect((await grid('plazo=vencidos')).total).toBe(cuenta((d) => d < 0));
    for (const n of [7, 30, 60, 90])
      expect((await grid(`plazo=${n}`)).total, String(n)).toBe(cuenta((d) => d >= 0 && d <= n));
    expect((await grid('plazo=todos')).total).toBe(fechas.length);
    expect((await grid('tipo=dominio')).items.every((r) => r.tipo === 'dominio')).toBe(true);
    const ceibos = await grid(`empresa_id=${await ids(ctx).cliente('Agropecuaria Los Ceibos S.A.')}`);
    expect(ceibos.items.map((r) => [r.tipo, r.dias])).toEqual([
      ['dominio', -10],
      ['ssl', 25],
    ]);
    expect((await grid('propios=true')).items.every((r) => r.cliente === null)).toBe(true);
    expect((await grid('q=llao')).items.map((r) => r.tipo)).toEqual(['ssl', 'dominio']);
    for (const campo of SITIO_VENCIMIENTO_SORT) for (const sort of [campo, `-${campo}`]) await grid(`sort=${sort}`);
    const malo = await ctx.t.app.inject({ url: '/api/sitios/vencimientos?plazo=15&tipo=x', headers: ctx.admin });
    expect(Object.keys(malo.json().campos).sort()).toEqual(['plazo', 'tipo']);
  });

  it('exports the filtered grid as CSV with the state as staff read it', async () => {
    const res = await ctx.t.app.inject({
      url: '/api/sitios/vencimientos/export.csv?plazo=vencidos',
      headers: ctx.admin,
    });
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Sitio, r.Tipo, r.Estado])).toEqual([
      ['Tienda online Los Ceibos', 'Dominio', 'Vencido (Vencido hace 10 días)'],
      ['API pública', 'Certificado SSL', 'Vencido (Vencido hace 3 días)'],
    ]);
    expect(rows[0]!.Cliente).toBe('Agropecuaria Los Ceibos S.A.');
    expect(rows[1]!.Cliente).toBe('Propio');
  });

  it('exports a selection with the grid’s CSV columns: the chosen rows, or all that match a filter (a read: SUBPROD#VER)', async () => {
    const exportar = async (seleccion: object, headers = ctx.admin) => {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/sitios/vencimientos/lote/export.csv',
        headers,
        payload: { seleccion },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain('vencimientos-sitios');
      return parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    };
    const { items } = await grid('plazo=vencidos');
    const [ceibos, api] = items;
    const elegidas = await exportar({ ids: [api!.id] });
    expect(elegidas).toEqual([
      {
        Sitio: 'API pública',
        URL: api!.url,
        Cliente: 'Propio',
        Tipo: 'Certificado SSL',
        'Emisor / registrador': api!.detalle ?? '',
        Vence: api!.vence,
        'Días restantes': '-3',
        Estado: 'Vencido (Vencido hace 3 días)',
      },
    ]);
    expect(ceibos!.nombre).toBe('Tienda online Los Ceibos');
    // "All that match" is the grid's own filter: the same rows, in its order, as its filtered export.
    const todas = await exportar({ filtro: { plazo: 'vencidos' } });
    const filtrado = await ctx.t.app.inject({
      url: '/api/sitios/vencimientos/export.csv?plazo=vencidos',
      headers: ctx.admin,
    });
    expect(todas).toEqual(parse(filtrado.body, { bom: true, columns: true }));
    expect(todas.map((r) => [r.Sitio, r.Tipo])).toEqual([
      ['Tienda online Los Ceibos', 'Dominio'],
      ['API pública', 'Certificado SSL'],
    ]);
    const dominios = await exportar({ filtro: { tipo: 'dominio', q: 'ceibos' } });
    expect(dominios.map((r) => [r.Sitio, r.Tipo, r.Cliente])).toEqual([
      ['Tienda online Los Ceibos', 'Dominio', 'Agropecuaria Los Ceibos S.A.'],
    ]);

    const malo = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/sitios/vencimientos/lote/export.csv',
      headers: ctx.admin,
      payload: { seleccion: { filtro: { plazo: '15' } } },
    });
    expect(malo.statusCode).toBe(400);
    for (const headers of [ctx.tecnico, ctx.comercial]) {
      expect(
        (
          await ctx.t.app.inject({
            method: 'POST',
            url: '/api/sitios/vencimientos/lote/export.csv',
            headers,
            payload: { seleccion: { ids: [api!.id] } },
          })
        ).statusCode,
      ).toBe(403);
    }
    // Export only: the rows are a site's dates, changed on the site.
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: '/api/sitios/vencimientos/lote',
          headers: ctx.admin,
          payload: { seleccion: { ids: [api!.id] }, accion: 'eliminar' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('counts the expired ones and those due in each of the next 12 months', async () => {
    const res = await ctx.t.app.inject({ url: '/api/sitios/vencimientos/meses', headers: ctx.admin });
    const { vencidos, meses } = envelope(sitioVencimientoMeses).parse(res.json()).datos;
    expect(vencidos).toBe(fechas.filter((d) => d < 0).length);
    expect(meses).toHaveLength(12);
    expect(meses[0]!.mes).toMatch(/^\d{4}-\d{2}$/);
    const enElAño = meses.reduce((n, m) => n + m.cantidad, 0);
    expect(enElAño).toBeGreaterThanOrEqual(fechas.filter((d) => d >= 0 && d <= 300).length);
    expect(enElAño).toBeLessThanOrEqual(fechas.filter((d) => d >= 0 && d <= 366).length);
  });
});

describe('the colour boundaries: the list filter (SQL) and the chip (contract) apply one rule', () => {
  const ctx = fresh(holder);

  it('puts a site due at each boundary day in the state estadoVencimiento gives it', async () => {
    const bordes = [-1, 0, 1, DIAS_CRITICO, DIAS_CRITICO + 1, DIAS_PROXIMO, DIAS_PROXIMO + 1];
    for (const d of bordes) {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/sitios',
        headers: ctx.admin,
        payload: {
          nombre: `Borde ${d}`,
          url: `https://borde${d < 0 ? 'm' : ''}${Math.abs(d)}.example.com/`,
          estado: 'activo',
          ssl_vence: fechaLocal(new Date(Date.now() + d * 86_400_000)),
        },
      });
      expect(res.statusCode).toBe(201);
    }
    expect(bordes.map(estadoVencimiento)).toEqual([
      'vencido',
      'critico',
      'critico',
      'critico',
      'proximo',
      'proximo',
      'vigente',
    ]);
    for (const estado of VENCIMIENTO_ESTADOS) {
      const res = await ctx.t.app.inject({
        url: `/api/sitios?q=Borde&vencimiento=${estado}&size=200`,
        headers: ctx.admin,
      });
      const dias = res
        .json()
        .datos.items.map((s: { ssl_dias: number }) => s.ssl_dias)
        .sort((a: number, b: number) => a - b);
      expect(dias, estado).toEqual(bordes.filter((d) => estadoVencimiento(d) === estado));
    }
  });
});
