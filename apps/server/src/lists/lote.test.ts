import { transicionRechazada } from '@intranet/contract/areas/desarrollos';
import { envelope } from '@intranet/contract/shared/envelope';
import { LOTE_EXCEDIDO, LOTE_MAXIMO, loteResultado } from '@intranet/contract/shared/lote';
import { parse } from 'csv-parse/sync';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditoria, maquinas } from '../db/schema.ts';
import { bearer, createUser, freshApp, type TestApp, useTemplate } from '../test/harness.ts';

const template = useTemplate();

/** Bulk actions through the machines list (PHY-MAQ#TODO) and the products list (PROD#EDITAR; comercial only reads). */
const ctx = freshApp(template, ['admin', 'comercial'], {
  setup: async ({ t }) => {
    await createUser(t.db, { usuario: 'inventario', password: 'clave', codigos: ['PHY-MAQ#TODO'] });
    return { inventario: await bearer(t.app, 'inventario', 'clave') };
  },
});

const estados = async (t: TestApp, nombres: string[]) =>
  Object.fromEntries(
    (
      await t.db
        .select({ nombre: maquinas.nombre, estado: maquinas.estado })
        .from(maquinas)
        .where(inArray(maquinas.nombre, nombres))
    ).map((m) => [m.nombre, m.estado]),
  );
const idDe = async (t: TestApp, nombre: string) =>
  (await t.db.select({ id: maquinas.id }).from(maquinas).where(eq(maquinas.nombre, nombre)))[0]!.id;

const lote = async (ruta: string, payload: object, headers: { authorization: string } = ctx.inventario) => {
  const res = await ctx.t.app.inject({ method: 'POST', url: `${ruta}/lote`, payload, headers });
  return { status: res.statusCode, body: res.json() };
};

describe('POST /api/<lista>/lote', () => {
  it('changes a field on every row that matches the filter, and no other, one audit row each', async () => {
    const antes = await estados(ctx.t, ['NB-SPARE-01', 'NB-DEV-04', 'PC-VIEJA-01', 'NB-SOP-01']);
    expect(antes['NB-SOP-01']).toBe('reparacion');
    const res = await lote('/api/maquinas', {
      seleccion: { filtro: { ubicacion: 'depósito' } },
      accion: 'cambiar',
      cambio: { campo: 'estado', valor: 'reparacion' },
    });
    expect(res.status).toBe(200);
    expect(envelope(loteResultado).safeParse(res.body).success).toBe(true);
    expect(res.body.datos).toMatchObject({ total: 3, rechazados: [] });
    expect(await estados(ctx.t, ['NB-SPARE-01', 'NB-DEV-04', 'PC-VIEJA-01'])).toEqual({
      'NB-SPARE-01': 'reparacion',
      'NB-DEV-04': 'reparacion',
      'PC-VIEJA-01': 'reparacion',
    });
    const spare = await idDe(ctx.t, 'NB-SPARE-01');
    const [audit] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(
        and(
          eq(auditoria.entidad, 'maquina'),
          eq(auditoria.entidadId, String(spare)),
          eq(auditoria.accion, 'modificar'),
        ),
      )
      // The newest: the demo history moved it to the depot before.
      .orderBy(desc(auditoria.id))
      .limit(1);
    expect(audit).toMatchObject({
      usuarioNombre: expect.any(String),
      antes: expect.objectContaining({ estado: 'disponible' }),
      despues: expect.objectContaining({ estado: 'reparacion' }),
    });
    // A row outside the filter keeps its state.
    const otra = await lote('/api/maquinas', {
      seleccion: { filtro: { ubicacion: 'depósito', q: 'spare' } },
      accion: 'cambiar',
      cambio: { campo: 'ubicacion', valor: 'Oficina central' },
    });
    expect(otra.body.datos).toMatchObject({ total: 1, hechos: [spare], rechazados: [] });
  });

  it('refuses a row its single edit refuses, with the same reason, and does the others', async () => {
    const asignada = await idDe(ctx.t, 'NB-TEC-01');
    const libre = await idDe(ctx.t, 'PC-QA-01');
    const res = await lote('/api/maquinas', {
      seleccion: { ids: [asignada, libre] },
      accion: 'cambiar',
      cambio: { campo: 'estado', valor: 'baja' },
    });
    expect(res.status).toBe(200);
    expect(res.body.datos.hechos).toEqual([libre]);
    expect(res.body.datos.rechazados).toEqual([
      {
        id: asignada,
        nombre: 'NB-TEC-01',
        motivo: 'La máquina está asignada a Ruiz, Martín; use «Devolver» para cambiar su estado',
      },
    ]);
    expect(await estados(ctx.t, ['NB-TEC-01', 'PC-QA-01'])).toEqual({ 'NB-TEC-01': 'en_uso', 'PC-QA-01': 'baja' });
  });

  it('deletes what may go and says why each other row stays', async () => {
    const conHistoria = await idDe(ctx.t, 'NB-DEV-04');
    const sinHistoria = await idDe(ctx.t, 'VM-TEST-01');
    const res = await lote('/api/maquinas', {
      seleccion: { ids: [conHistoria, sinHistoria, 2_000_000] },
      accion: 'eliminar',
    });
    expect(res.status).toBe(200);
    expect(res.body.datos).toEqual({
      total: 2,
      hechos: [sinHistoria],
      rechazados: [
        {
          id: conHistoria,
          nombre: 'NB-DEV-04',
          motivo: 'La máquina tiene historial de asignaciones; désela de baja en lugar de eliminarla',
        },
      ],
    });
    expect(await estados(ctx.t, ['VM-TEST-01', 'NB-DEV-04'])).toEqual({ 'NB-DEV-04': 'reparacion' });
    const [audit] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(
        and(
          eq(auditoria.entidad, 'maquina'),
          eq(auditoria.entidadId, String(sinHistoria)),
          eq(auditoria.accion, 'eliminar'),
        ),
      );
    expect(audit?.antes).toMatchObject({ nombre: 'VM-TEST-01' });
  });

  it('refuses a referenced product with the reason its single delete gives', async () => {
    const lista = await ctx.t.app.inject({ url: '/api/productos?size=200', headers: ctx.admin });
    const ids = lista.json().datos.items.map((p: { id: number }) => p.id);
    const uno = await ctx.t.app.inject({ method: 'DELETE', url: `/api/productos/${ids[0]}`, headers: ctx.admin });
    const res = await lote('/api/productos', { seleccion: { filtro: {} }, accion: 'eliminar' }, ctx.admin);
    expect(res.status).toBe(200);
    const rechazo = res.body.datos.rechazados.find((r: { id: number }) => r.id === ids[0]);
    if (uno.statusCode === 409) expect(rechazo?.motivo).toBe(uno.json().error);
    expect(res.body.datos.rechazados.length).toBeGreaterThan(0);
    for (const r of res.body.datos.rechazados) expect(r.motivo).toMatch(/\S/);
  });

  it("answers 403 without the area's edit code, 400 with field errors for a bad value or field", async () => {
    expect((await lote('/api/productos', { seleccion: { ids: [1] }, accion: 'eliminar' }, ctx.comercial)).status).toBe(
      403,
    );
    expect((await lote('/api/productos', { seleccion: { ids: [1] }, accion: 'eliminar' })).status).toBe(403);
    const malValor = await lote('/api/maquinas', {
      seleccion: { ids: [1] },
      accion: 'cambiar',
      cambio: { campo: 'estado', valor: 'en_uso' },
    });
    expect(malValor.status).toBe(400);
    expect(malValor.body.campos).toEqual({ 'cambio.valor': ['Estado inválido'] });
    const malCampo = await lote('/api/maquinas', {
      seleccion: { ids: [1] },
      accion: 'cambiar',
      cambio: { campo: 'nombre', valor: 'x' },
    });
    expect(malCampo.status).toBe(400);
    expect(Object.keys(malCampo.body.campos)).toEqual(['cambio.campo']);
    const malFiltro = await lote('/api/maquinas', { seleccion: { filtro: { estado: 'rota' } }, accion: 'eliminar' });
    expect(malFiltro.status).toBe(400);
  });

  it('refuses "all that match" above the cap with a field error in Spanish, touching no row; the export still has them all', async () => {
    await ctx.t.db.execute(
      sql`insert into maquinas (nombre, tipo) select 'TOPE-' || lpad(g::text, 5, '0'), 'notebook' from generate_series(1, ${LOTE_MAXIMO + 1}) g`,
    );
    const seleccion = { filtro: { q: 'TOPE-' } };
    for (const pedido of [
      { accion: 'eliminar' },
      { accion: 'cambiar', cambio: { campo: 'estado', valor: 'reparacion' } },
    ]) {
      const res = await lote('/api/maquinas', { seleccion, ...pedido });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(LOTE_EXCEDIDO);
      expect(res.body.campos).toEqual({ seleccion: [LOTE_EXCEDIDO] });
    }
    expect(LOTE_EXCEDIDO).toMatch(/^Más de 10\.000 filas coinciden con el filtro: .* y no se hizo nada\./);
    const [{ n }] = (
      await ctx.t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from maquinas where nombre like 'TOPE-%' and estado = 'disponible'`,
      )
    ).rows as [{ n: number }];
    expect(n).toBe(LOTE_MAXIMO + 1);
    const csv = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/maquinas/lote/export.csv',
      payload: { seleccion },
      headers: ctx.inventario,
    });
    expect(csv.statusCode).toBe(200);
    expect((parse(csv.body, { bom: true, columns: true }) as unknown[]).length).toBe(LOTE_MAXIMO + 1);
    await ctx.t.db.delete(maquinas).where(sql`${maquinas.nombre} like 'TOPE-%'`);
  });
});

describe("a state set in bulk goes by the state's own rules", () => {
  it('moves developments as the board does, refusing a move it refuses, with its reason', async () => {
    const items = (await ctx.t.app.inject({ url: '/api/desarrollos?size=200', headers: ctx.admin })).json().datos
      .items as { id: number; estado: string }[];
    const entregado = items.find((d) => d.estado === 'entregado');
    const pendiente = items.find((d) => d.estado === 'pendiente');
    const res = await lote(
      '/api/desarrollos',
      {
        seleccion: { ids: [entregado!.id, pendiente!.id] },
        accion: 'cambiar',
        cambio: { campo: 'estado', valor: 'analisis' },
      },
      ctx.admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.datos.hechos).toEqual([pendiente!.id]);
    expect(res.body.datos.rechazados).toEqual([
      expect.objectContaining({ id: entregado!.id, motivo: transicionRechazada('entregado', 'analisis') }),
    ]);
    const uno = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/desarrollos/${entregado!.id}/estado`,
      payload: { estado: 'analisis' },
      headers: ctx.admin,
    });
    expect(uno.json().error).toBe(transicionRechazada('entregado', 'analisis'));
  });
});

describe('POST /api/<lista>/lote/export.csv', () => {
  it("writes the list's CSV for the chosen rows only", async () => {
    const ids = [await idDe(ctx.t, 'PC-SOP-01'), await idDe(ctx.t, 'PC-SOP-02')];
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/maquinas/lote/export.csv',
      payload: { seleccion: { ids } },
      headers: ctx.inventario,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const filas = parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(filas.map((f) => f.Nombre)).toEqual(['PC-SOP-01', 'PC-SOP-02']);
    const todas = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/maquinas/lote/export.csv',
      payload: { seleccion: { filtro: { tipo: 'vm' } } },
      headers: ctx.inventario,
    });
    expect(
      (parse(todas.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[]).map((f) => f.Nombre),
    ).toEqual(['VM-CI-01']);
  });
});

describe('references and dates set in bulk', () => {
  it('sets a responsible person on developments and people, and a commitment date, refusing per row what the form refuses', async () => {
    const personas = (await ctx.t.app.inject({ url: '/api/personas?size=3&activo=true', headers: ctx.admin })).json()
      .datos.items as { id: number; nombre_completo: string }[];
    const [jefe, ...otras] = personas;
    const desarrollos = (await ctx.t.app.inject({ url: '/api/desarrollos?size=3', headers: ctx.admin })).json().datos
      .items as { id: number; fecha_solicitud: string }[];
    const ids = desarrollos.map((d) => d.id);
    const res = await lote(
      '/api/desarrollos',
      { seleccion: { ids }, accion: 'cambiar', cambio: { campo: 'responsable_id', valor: jefe!.id } },
      ctx.admin,
    );
    expect(res.body.datos).toEqual({ total: ids.length, hechos: ids, rechazados: [] });
    for (const id of ids)
      expect(
        (await ctx.t.app.inject({ url: `/api/desarrollos/${id}`, headers: ctx.admin })).json().datos.responsable_id,
      ).toBe(jefe!.id);

    // A commitment before the request date is refused for that row, with the form's reason.
    const temprana = '2000-01-01';
    const fechas = await lote(
      '/api/desarrollos',
      { seleccion: { ids }, accion: 'cambiar', cambio: { campo: 'fecha_compromiso', valor: temprana } },
      ctx.admin,
    );
    expect(fechas.status).toBe(200);
    expect(fechas.body.datos.hechos).toEqual([]);
    expect(fechas.body.datos.rechazados).toHaveLength(ids.length);
    const malo = await lote(
      '/api/desarrollos',
      { seleccion: { ids }, accion: 'cambiar', cambio: { campo: 'fecha_compromiso', valor: '31/02/2026' } },
      ctx.admin,
    );
    expect(malo.status).toBe(400);

    const gente = await lote(
      '/api/personas',
      {
        seleccion: { ids: otras.map((p) => p.id) },
        accion: 'cambiar',
        cambio: { campo: 'responsable_id', valor: jefe!.id },
      },
      ctx.admin,
    );
    expect(gente.body.datos.hechos).toEqual(otras.map((p) => p.id));
    const cero = await lote(
      '/api/personas',
      { seleccion: { ids: [jefe!.id] }, accion: 'cambiar', cambio: { campo: 'responsable_id', valor: 'Ana' } },
      ctx.admin,
    );
    expect(cero.status).toBe(400);
  });
});

describe('every list with bulk actions', () => {
  const CAMBIOS: [string, string, { campo: string; valor: unknown }][] = [
    ['/api/empresas', '/api/empresas?size=3', { campo: 'provincia', valor: 'Córdoba' }],
    ['/api/personas', '/api/personas?size=3', { campo: 'area', valor: 'Soporte' }],
    ['/api/servidores', '/api/servidores/lista?size=3', { campo: 'rol', valor: 'web' }],
    ['/api/sitios', '/api/sitios?size=3', { campo: 'registrador', valor: 'NIC Argentina' }],
    ['/api/aplicaciones', '/api/aplicaciones?size=3', { campo: 'categoria', valor: 'Ventas' }],
    ['/api/productos', '/api/productos?size=3', { campo: 'responsable', valor: 'Ana Ruiz' }],
    ['/api/desarrollos', '/api/desarrollos?size=3', { campo: 'prioridad', valor: 'alta' }],
    ['/api/versiones', '/api/versiones?size=3', { campo: 'canal', valor: 'beta' }],
    ['/api/paquetes', '/api/paquetes/lista?size=3', { campo: 'canal', valor: 'beta' }],
    ['/api/dns', '/api/dns?size=3', { campo: 'ttl', valor: 600 }],
    // What a purchase, a rollout or a reorganisation sets on many records at once.
    ['/api/maquinas', '/api/maquinas?size=3&estado=disponible', { campo: 'fabricante', valor: 'Lenovo' }],
    ['/api/maquinas', '/api/maquinas?size=3&estado=disponible', { campo: 'garantia_hasta', valor: '2029-03-31' }],
    ['/api/maquinas', '/api/maquinas?size=3&estado=disponible', { campo: 'so_version', valor: '11 Pro' }],
    ['/api/empresas', '/api/empresas?size=3', { campo: 'localidad', valor: 'Rosario' }],
    ['/api/servidores', '/api/servidores/lista?size=3', { campo: 'so', valor: 'Debian 12' }],
    ['/api/paquetes', '/api/paquetes/lista?size=3', { campo: 'producto', valor: 'Physis' }],
  ];

  it("sets a field through each area's own edit, and exports the chosen rows", async () => {
    for (const [ruta, lista, cambio] of CAMBIOS) {
      const ids = (await ctx.t.app.inject({ url: lista, headers: ctx.admin }))
        .json()
        .datos.items.map((r: { id: number }) => r.id);
      expect(ids.length, ruta).toBeGreaterThan(0);
      const res = await lote(ruta, { seleccion: { ids }, accion: 'cambiar', cambio }, ctx.admin);
      expect(res.status, ruta).toBe(200);
      expect(res.body.datos, ruta).toEqual({ total: ids.length, hechos: ids, rechazados: [] });
      const csv = await ctx.t.app.inject({
        method: 'POST',
        url: `${ruta}/lote/export.csv`,
        payload: { seleccion: { ids } },
        headers: ctx.admin,
      });
      expect(csv.statusCode, ruta).toBe(200);
      expect((parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as unknown[]).length, ruta).toBe(ids.length);
    }
  });
});
