import {
  DESARROLLO_ESTADOS,
  desarrollo,
  desarrolloCambios,
  desarrolloOpciones,
  desarrolloPage,
  tablero,
  type DesarrolloFila,
} from '@intranet/contract/areas/desarrollos';
import { envelope } from '@intranet/contract/shared/envelope';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientes, personas, productos } from '../../db/schema.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';

// Reads of the desarrollos area over the seeded demo developments: permissions, list, CSV, board, detail.

const ctx = freshApp(useTemplate(), ['admin', 'tecnico', 'comercial']);

const get = (url: string, headers = ctx.tecnico) => ctx.t.app.inject({ url, headers });
const lista = async (query: string, headers = ctx.tecnico) =>
  envelope(desarrolloPage).parse((await get(`/api/desarrollos?${query}`, headers)).json()).datos;

describe('permissions: SER#VER reads, DESARROLLOS#EDITAR writes', () => {
  const lecturas = [
    '/api/desarrollos',
    '/api/desarrollos/export.csv',
    '/api/desarrollos/tablero',
    '/api/desarrollos/opciones',
    '/api/desarrollos/1',
    '/api/desarrollos/1/estados',
  ];
  const escrituras = [
    { method: 'POST' as const, url: '/api/desarrollos' },
    { method: 'PUT' as const, url: '/api/desarrollos/1' },
    { method: 'POST' as const, url: '/api/desarrollos/1/estado' },
    { method: 'DELETE' as const, url: '/api/desarrollos/1' },
  ];

  it('answers 401 without a session and 403 to comercial (no SER#VER) on every route', async () => {
    for (const url of lecturas) {
      expect((await ctx.t.app.inject({ url })).statusCode, url).toBe(401);
      expect((await get(url, ctx.comercial)).statusCode, url).toBe(403);
    }
    for (const w of escrituras)
      expect((await ctx.t.app.inject({ ...w, headers: ctx.comercial, payload: {} })).statusCode, w.url).toBe(403);
  });

  it('lets tecnico (SER#VER) read everything and write nothing', async () => {
    for (const url of lecturas) expect((await get(url)).statusCode, url).toBe(200);
    for (const w of escrituras)
      expect(
        (await ctx.t.app.inject({ ...w, headers: ctx.tecnico, payload: { estado: 'analisis' } })).statusCode,
        w.url,
      ).toBe(403);
  });
});

describe('GET /api/desarrollos', () => {
  it('pages the seeded developments, newest request first, over every state and priority', async () => {
    const todos = await lista('size=200');
    expect(todos.total).toBeGreaterThanOrEqual(25);
    expect(new Set(todos.items.map((d) => d.estado))).toEqual(new Set(DESARROLLO_ESTADOS));
    expect(new Set(todos.items.map((d) => d.prioridad)).size).toBe(4);
    const fechas = todos.items.map((d) => d.fecha_solicitud);
    expect(fechas).toEqual([...fechas].sort().reverse());
    const pagina = await lista('size=5&page=2');
    expect(pagina.items.map((d) => d.id)).toEqual(todos.items.slice(5, 10).map((d) => d.id));
    expect(pagina.total).toBe(todos.total);
  });

  it('filters by state, priority, client, product and owner', async () => {
    const testing = await lista('estado=testing&size=200');
    expect(testing.total).toBeGreaterThan(0);
    expect(testing.items.every((d) => d.estado === 'testing')).toBe(true);
    expect((await lista('prioridad=urgente&size=200')).items.every((d) => d.prioridad === 'urgente')).toBe(true);

    const [clinica] = await ctx.t.db
      .select({ id: clientes.id })
      .from(clientes)
      .where(eq(clientes.razonSocial, 'Clínica San Lucas S.A.'));
    const deClinica = await lista(`empresa_id=${clinica!.id}`);
    expect(deClinica.items.map((d) => d.titulo).sort()).toEqual([
      'Liquidación de horas extra por convenio de sanidad',
      'Recibo de sueldo con firma digital',
    ]);
    expect(
      deClinica.items.every((d) => d.empresa === 'Clínica San Lucas S.A.' && d.producto === 'Physis Sueldos'),
    ).toBe(true);

    const [sueldos] = await ctx.t.db
      .select({ id: productos.id })
      .from(productos)
      .where(eq(productos.codigo, 'PHY-SUELDOS'));
    expect((await lista(`producto_id=${sueldos!.id}&size=200`)).items.every((d) => d.producto_id === sueldos!.id)).toBe(
      true,
    );

    const [sofia] = await ctx.t.db.select({ id: personas.id }).from(personas).where(eq(personas.legajo, '1008'));
    const deSofia = await lista(`responsable_id=${sofia!.id}&size=200`);
    expect(deSofia.total).toBeGreaterThan(2);
    expect(deSofia.items.every((d) => d.responsable === 'Álvarez, Sofía')).toBe(true);
  });

  it('finds overdue ones: commitment passed, neither delivered nor cancelled', async () => {
    const vencidos = await lista('vencido=true&size=200');
    expect(vencidos.total).toBeGreaterThanOrEqual(4);
    const hoy = new Date().toISOString().slice(0, 10);
    for (const d of vencidos.items) {
      expect(d.vencido).toBe(true);
      expect(['entregado', 'cancelado']).not.toContain(d.estado);
      expect(d.fecha_compromiso! <= hoy).toBe(true);
    }
    const resto = await lista('vencido=false&size=200');
    expect(resto.items.some((d) => d.vencido)).toBe(false);
    expect(resto.total + vencidos.total).toBe((await lista('size=1')).total);
    // Delivered late is not overdue.
    expect(resto.items.some((d) => d.estado === 'entregado' && d.fecha_compromiso! < hoy)).toBe(true);
  });

  it('searches title, client and product, and sorts by workflow order, priority and commitment', async () => {
    expect((await lista('q=mercado libre')).items.map((d) => d.titulo)).toEqual([
      'Integración de pedidos con Mercado Libre',
    ]);
    expect((await lista('q=farmacias&size=200')).total).toBe(2);
    const porEstado = (await lista('sort=estado&size=200')).items.map((d) => DESARROLLO_ESTADOS.indexOf(d.estado));
    expect(porEstado).toEqual([...porEstado].sort((a, b) => a - b));
    const prioridades = (await lista('sort=-prioridad&size=200')).items.map((d) => d.prioridad);
    expect(prioridades[0]).toBe('urgente');
    expect(prioridades.at(-1)).toBe('baja');
    const compromisos = (await lista('sort=fecha_compromiso&size=200')).items;
    const conFecha = compromisos.filter((d) => d.fecha_compromiso).map((d) => d.fecha_compromiso!);
    expect(conFecha).toEqual([...conFecha].sort());
    expect(compromisos.at(-1)!.fecha_compromiso).toBeNull();
  });

  it('refuses a bad query with field errors', async () => {
    const res = await get('/api/desarrollos?estado=hecho&vencido=quizas&sort=color&empresa_id=x');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().campos).sort()).toEqual(['empresa_id', 'estado', 'sort', 'vencido']);
  });
});

describe('GET /api/desarrollos/export.csv', () => {
  it('streams every filtered row with Spanish headers and names', async () => {
    const res = await get('/api/desarrollos/export.csv?estado=entregado&sort=titulo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="desarrollos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows[0]!.slice(0, 7)).toEqual(['Id', 'Título', 'Cliente', 'Producto', 'Estado', 'Prioridad', 'Responsable']);
    const entregados = await lista('estado=entregado&sort=titulo&size=200');
    expect(rows.slice(1).map((r) => r[1])).toEqual(entregados.items.map((d) => d.titulo));
    expect(rows.slice(1).every((r) => r[4] === 'Entregado')).toBe(true);
    expect(rows.find((r) => r[1]!.startsWith('Sueldos: SICOSS'))![2]).toBe('Interno');
  });
});

describe('GET /api/desarrollos/tablero', () => {
  const board = async (query = '') =>
    envelope(tablero).parse((await get(`/api/desarrollos/tablero?${query}`)).json()).datos;

  it('answers one column per state in board order, with the counts of the list', async () => {
    const columnas = await board();
    expect(columnas.map((c) => c.estado)).toEqual([...DESARROLLO_ESTADOS]);
    for (const c of columnas) {
      expect(c.total).toBe((await lista(`estado=${c.estado}&size=1`)).total);
      expect(c.items).toHaveLength(c.total);
      expect(c.items.every((d) => d.estado === c.estado)).toBe(true);
    }
  });

  it('puts the most urgent cards first on open columns', async () => {
    const pendientes = (await board()).find((c) => c.estado === 'pendiente')!.items;
    const orden = ['urgente', 'alta', 'media', 'baja'];
    const rangos = pendientes.map((d: DesarrolloFila) => orden.indexOf(d.prioridad));
    expect(rangos).toEqual([...rangos].sort((a, b) => a - b));
  });

  it('applies the client, owner, product and search filters', async () => {
    const [farmacias] = await ctx.t.db
      .select({ id: clientes.id })
      .from(clientes)
      .where(eq(clientes.razonSocial, 'Farmacias Patagónicas S.A.'));
    const columnas = await board(`empresa_id=${farmacias!.id}`);
    expect(columnas.reduce((n, c) => n + c.total, 0)).toBe(2);
    const [sofia] = await ctx.t.db.select({ id: personas.id }).from(personas).where(eq(personas.legajo, '1008'));
    const deSofia = await board(`responsable_id=${sofia!.id}&q=tablero`);
    expect(deSofia.flatMap((c) => c.items).map((d) => d.titulo)).toEqual(['Tablero de cobranzas por vendedor']);
    expect((await get('/api/desarrollos/tablero?estado=testing')).statusCode).toBe(400);
  });
});

describe('GET /api/desarrollos/:id, /estados and /opciones', () => {
  it('reads one development with its description, and its dated state changes from creation on', async () => {
    const [fila] = (await lista('q=Toma de pedidos sin conexión')).items;
    const res = await get(`/api/desarrollos/${fila!.id}`);
    expect(res.statusCode).toBe(200);
    const d = envelope(desarrollo).parse(res.json()).datos;
    expect(d.descripcion.content).toHaveLength(2);
    const cambios = envelope(desarrolloCambios).parse((await get(`/api/desarrollos/${d.id}/estados`)).json()).datos;
    expect(cambios.map((c) => [c.desde, c.hacia])).toEqual([
      [null, 'pendiente'],
      ['pendiente', 'analisis'],
      ['analisis', 'desarrollo'],
      ['desarrollo', 'testing'],
      ['testing', 'desarrollo'],
    ]);
    const fechas = cambios.map((c) => c.fecha);
    expect(fechas).toEqual([...fechas].sort());
  });

  it('answers 404 for a development that does not exist and 400 for a bad id', async () => {
    expect((await get('/api/desarrollos/999999')).statusCode).toBe(404);
    expect((await get('/api/desarrollos/999999/estados')).statusCode).toBe(404);
    expect((await get('/api/desarrollos/abc')).statusCode).toBe(400);
  });

  it('offers staff as owners (no client contacts) and the versions by product', async () => {
    const opciones = envelope(desarrolloOpciones).parse((await get('/api/desarrollos/opciones')).json()).datos;
    expect(opciones.responsables.map((p) => p.nombre)).toContain('Álvarez, Sofía');
    expect(opciones.responsables.map((p) => p.nombre)).not.toContain('Giménez, Marcela');
    expect(opciones.versiones.length).toBeGreaterThan(0);
  });
});

describe('demo data', () => {
  it('has a history row for every state a development passed through', async () => {
    for (const d of (await lista('size=200')).items) {
      const cambios = envelope(desarrolloCambios).parse((await get(`/api/desarrollos/${d.id}/estados`)).json()).datos;
      expect(cambios[0]!.desde).toBeNull();
      expect(cambios.at(-1)!.hacia).toBe(d.estado);
      if (d.estado === 'entregado') expect(d.fecha_entrega).not.toBeNull();
    }
  });
});
