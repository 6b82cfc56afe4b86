import { envelope } from '@intranet/contract/shared/envelope';
import { maquinaDetalle, maquinaPage } from '@intranet/contract/areas/maquinas';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maquinas, personas } from '../../db/schema.ts';
import { bearer, createUser, freshApp, type TestApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

/** A fresh copy of the seeded database, signed in as a user whose only code is PHY-MAQ#TODO. */
function fresh() {
  return freshApp(template, [], {
    setup: async ({ t }) => {
      await createUser(t.db, { usuario: 'inventario', password: 'clave', codigos: ['PHY-MAQ#TODO'] });
      return { headers: await bearer(t.app, 'inventario', 'clave') };
    },
  });
}

const personaId = async (t: TestApp, legajo: string) =>
  (await t.db.select({ id: personas.id }).from(personas).where(eq(personas.legajo, legajo)))[0]!.id;
const maquinaId = async (t: TestApp, nombre: string) =>
  (await t.db.select({ id: maquinas.id }).from(maquinas).where(eq(maquinas.nombre, nombre)))[0]!.id;

const NUEVA = {
  nombre: 'NB-DEV-09',
  nro_inventario: 'INV-0901',
  serie: 'PF3XK2',
  tipo: 'notebook',
  fabricante: 'Lenovo',
  modelo: 'ThinkPad T16',
  so: 'Windows',
  so_version: '11 Pro',
  cpu: 'Intel Core i7',
  ram_gb: 32,
  disco_gb: 1024,
  ip: '',
  mac: '3c-52-82-aa-bb-cc',
  ubicacion: 'Depósito',
  estado: 'disponible',
  fecha_compra: '2025-03-01',
  garantia_hasta: '2028-03-01',
  notas: '',
};

describe('GET /api/maquinas', () => {
  const ctx = fresh();
  const lista = async (query: string) => {
    const res = await ctx.t.app.inject({ url: `/api/maquinas?${query}`, headers: ctx.headers });
    return { status: res.statusCode, body: res.json() };
  };

  it("pages the inventory with each machine's current holder", async () => {
    const all = await lista('size=200');
    expect(envelope(maquinaPage).safeParse(all.body).success).toBe(true);
    expect(all.body.datos.total).toBeGreaterThanOrEqual(20);
    const nb = all.body.datos.items.find((m: { nombre: string }) => m.nombre === 'NB-TEC-01');
    expect(nb).toMatchObject({ estado: 'en_uso', persona_nombre: 'Ruiz, Martín', tipo: 'notebook' });
    const libre = all.body.datos.items.find((m: { nombre: string }) => m.nombre === 'NB-SPARE-01');
    expect(libre).toMatchObject({ estado: 'disponible', persona_id: null, persona_nombre: null });
  });

  it('filters by tipo, estado, persona, ubicación and expired warranty', async () => {
    for (const m of (await lista('tipo=vm')).body.datos.items) expect(m.tipo).toBe('vm');
    expect((await lista('estado=baja')).body.datos.items.map((m: { nombre: string }) => m.nombre)).toEqual([
      'PC-VIEJA-01',
    ]);
    const romero = await lista(`persona_id=${await personaId(ctx.t, '1005')}`);
    expect(romero.body.datos.items.map((m: { nombre: string }) => m.nombre)).toEqual(['NB-TEC-02', 'SRV-RACK-01']);
    const sala = await lista('ubicacion=sala%20t%C3%A9cnica&size=200');
    expect(sala.body.datos.total).toBeGreaterThan(2);
    for (const m of sala.body.datos.items) expect(m.ubicacion).toBe('Sala técnica');
    const vencidas = (await lista('garantia_vencida=true&size=200')).body.datos.items;
    expect(vencidas.length).toBeGreaterThan(2);
    for (const m of vencidas) expect(m.garantia_vencida).toBe(true);
    const vigentes = (await lista('garantia_vencida=false&size=200')).body.datos;
    for (const m of vigentes.items) expect(m.garantia_vencida).toBe(false);
    expect(vigentes.total + vencidas.length).toBe((await lista('size=1')).body.datos.total);
    expect((await lista('q=thinkpad')).body.datos.total).toBe(3);
  });

  it('sorts by every declared field both ways; bad filters answer 400 with fields', async () => {
    for (const f of [
      'nombre',
      'nro_inventario',
      'tipo',
      'estado',
      'persona_nombre',
      'ubicacion',
      'garantia_hasta',
      'actualizado',
    ]) {
      expect((await lista(`sort=${f}`)).status, f).toBe(200);
      expect((await lista(`sort=-${f}`)).status, f).toBe(200);
    }
    const porPersona = (await lista('sort=persona_nombre&estado=en_uso&size=200')).body.datos.items.map(
      (m: { persona_nombre: string }) => m.persona_nombre,
    );
    expect(porPersona).toEqual([...porPersona].sort());
    const bad = await lista('estado=rota&tipo=tablet');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.campos).sort()).toEqual(['estado', 'tipo']);
  });

  it('exports the filtered list as CSV and offers the locations in use', async () => {
    const res = await ctx.t.app.inject({ url: '/api/maquinas/export.csv?tipo=servidor', headers: ctx.headers });
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Nombre)).toEqual(['SRV-RACK-01', 'SRV-RACK-02']);
    expect(rows[0]).toMatchObject({ Tipo: 'Servidor', Estado: 'En uso', 'Asignada a': 'Romero, Diego' });
    expect(rows[0]!['Fecha de compra']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const ub = await ctx.t.app.inject({ url: '/api/maquinas/ubicaciones', headers: ctx.headers });
    expect(ub.json().datos).toEqual(expect.arrayContaining(['Depósito', 'Oficina central', 'Sala técnica']));
  });
});

describe('machines: create, edit, assign, return, delete', () => {
  const ctx = fresh();
  let id: number;
  const post = (url: string, payload: unknown) =>
    ctx.t.app.inject({ method: 'POST', url, headers: ctx.headers, payload: payload as object });

  it('creates a machine (MAC normalised) and refuses «En uso» by hand and duplicates', async () => {
    const res = await post('/api/maquinas', NUEVA);
    expect(res.statusCode).toBe(201);
    expect(res.json().datos).toMatchObject({
      mac: '3C:52:82:AA:BB:CC',
      ip: null,
      garantia_vencida: false,
      persona_id: null,
    });
    id = res.json().datos.id;
    const enUso = await post('/api/maquinas', { ...NUEVA, nombre: 'otra', nro_inventario: null, estado: 'en_uso' });
    expect(enUso.statusCode).toBe(400);
    expect(enUso.json().campos.estado).toBeDefined();
    const dup = await post('/api/maquinas', { ...NUEVA, nombre: 'nb-dev-09', nro_inventario: null });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().campos).toEqual({ nombre: ['Ya existe una máquina con ese nombre'] });
    const bad = await post('/api/maquinas', {
      ...NUEVA,
      nombre: 'x',
      mac: 'zz',
      ip: '999.1.1.1',
      ram_gb: -1,
      fecha_compra: '2025-02-30',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().campos).sort()).toEqual(['fecha_compra', 'ip', 'mac', 'ram_gb']);
    expect(bad.json().campos.mac).toEqual(['MAC inválida (seis pares hexadecimales, p. ej. 3C:52:82:0A:1B:2C)']);
  });

  it('assigns with a dated row and puts it «En uso»; a second assignment is refused', async () => {
    const res = await post(`/api/maquinas/${id}/asignar`, {
      persona_id: await personaId(ctx.t, '1009'),
      fecha: '2025-04-01',
      notas: 'Ingreso',
    });
    expect(res.statusCode).toBe(200);
    expect(envelope(maquinaDetalle).safeParse(res.json()).success).toBe(true);
    expect(res.json().datos).toMatchObject({
      estado: 'en_uso',
      persona_nombre: 'Pereyra, Julián',
      asignada_desde: '2025-04-01',
    });
    expect(res.json().datos.asignaciones).toEqual([
      expect.objectContaining({
        desde: '2025-04-01',
        hasta: null,
        notas: 'Ingreso',
        asignado_por: 'Usuario inventario',
      }),
    ]);
    const again = await post(`/api/maquinas/${id}/asignar`, { persona_id: await personaId(ctx.t, '1008') });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('La máquina ya está asignada a Pereyra, Julián; devuélvala primero');
    const edit = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/maquinas/${id}`,
      headers: ctx.headers,
      payload: { ...NUEVA, estado: 'disponible' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().campos.estado).toBeDefined();
  });

  it('returns on a date (not before the assignment) and leaves the state chosen', async () => {
    const early = await post(`/api/maquinas/${id}/devolver`, { fecha: '2025-03-01' });
    expect(early.statusCode).toBe(400);
    expect(early.json().campos).toEqual({ fecha: ['La fecha no puede ser anterior a la asignación (01/04/2025)'] });
    const res = await post(`/api/maquinas/${id}/devolver`, {
      fecha: '2025-06-30',
      estado: 'reparacion',
      notas: 'Pantalla rota',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos).toMatchObject({ estado: 'reparacion', persona_id: null });
    expect(res.json().datos.asignaciones[0]).toMatchObject({
      desde: '2025-04-01',
      hasta: '2025-06-30',
      notas: 'Ingreso · Devolución: Pantalla rota',
      devuelto_por: 'Usuario inventario',
    });
    expect((await post(`/api/maquinas/${id}/devolver`, {})).statusCode).toBe(409);
    const before = await post(`/api/maquinas/${id}/asignar`, {
      persona_id: await personaId(ctx.t, '1008'),
      fecha: '2025-06-01',
    });
    expect(before.json().campos).toEqual({
      fecha: ['La fecha no puede ser anterior a la última devolución (30/06/2025)'],
    });
    const futura = await post(`/api/maquinas/${id}/asignar`, {
      persona_id: await personaId(ctx.t, '1008'),
      fecha: '2999-01-01',
    });
    expect(futura.json().campos).toEqual({ fecha: ['La fecha no puede ser futura'] });
  });

  it('a machine in baja cannot be assigned (409), nor to an inactive person', async () => {
    const baja = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/maquinas/${id}`,
      headers: ctx.headers,
      payload: { ...NUEVA, estado: 'baja' },
    });
    expect(baja.statusCode).toBe(200);
    // Saved again as it is: no change, so no "Modificación" of nothing in its history (the next test reads it).
    const igual = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/maquinas/${id}`,
      headers: ctx.headers,
      payload: { ...NUEVA, estado: 'baja' },
    });
    expect(igual.statusCode).toBe(200);
    const res = await post(`/api/maquinas/${id}/asignar`, { persona_id: await personaId(ctx.t, '1008') });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Una máquina dada de baja no se puede asignar');
    const libre = await maquinaId(ctx.t, 'NB-SPARE-01');
    const inactiva = await post(`/api/maquinas/${libre}/asignar`, { persona_id: await personaId(ctx.t, '0987') });
    expect(inactiva.statusCode).toBe(409);
    expect(inactiva.json().campos).toEqual({ persona_id: ['La persona elegida está inactiva'] });
  });

  it('keeps the history: a machine ever assigned is not deleted; one never assigned is', async () => {
    const res = await ctx.t.app.inject({ method: 'DELETE', url: `/api/maquinas/${id}`, headers: ctx.headers });
    expect(res.statusCode).toBe(409);
    const nueva = (await post('/api/maquinas', { ...NUEVA, nombre: 'TEMP-01', nro_inventario: null })).json().datos.id;
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/maquinas/${nueva}`, headers: ctx.headers })).json(),
    ).toEqual({ error: null, datos: null });
    const hist = await ctx.t.app.inject({ url: `/api/auditoria?entidad=maquina&id=${id}`, headers: ctx.headers });
    expect(hist.json().datos.items.map((r: { accion: string }) => r.accion)).toEqual([
      'modificar',
      'devolver',
      'asignar',
      'crear',
    ]);
  });

  it('answers the detail with the seeded history, newest first, and 404 for an unknown machine', async () => {
    const res = await ctx.t.app.inject({
      url: `/api/maquinas/${await maquinaId(ctx.t, 'NB-DEV-02')}`,
      headers: ctx.headers,
    });
    const a = res.json().datos.asignaciones;
    expect(a.map((x: { persona_nombre: string }) => x.persona_nombre)).toEqual(['Álvarez, Sofía', 'Luna, Ricardo']);
    expect(a[0].hasta).toBeNull();
    expect((await ctx.t.app.inject({ url: '/api/maquinas/99999', headers: ctx.headers })).json()).toEqual({
      error: 'La máquina no existe',
      datos: null,
    });
  });
});
