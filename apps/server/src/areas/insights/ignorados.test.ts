import { randomUUID } from 'node:crypto';
import { envelope } from '@intranet/contract/shared/envelope';
import { issue, issueDetalle, type Ignorada } from '@intranet/contract/areas/insights';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insightsIssues, insightsProyectos } from '../../db/schema.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';
import { insightsAlertas } from './alertas.ts';
import { volverIgnorados } from './ignorados.ts';

let p: { id: number; key: string };
const template = useTemplate();
const ctx = freshApp(template, ['admin'], {
  setup: async ({ t }) => {
    const [row] = await t.db
      .insert(insightsProyectos)
      .values({ nombre: 'Ignorar', slug: 'ignorar', plataforma: 'node', publicKey: 'f'.repeat(32) })
      .returning();
    p = { id: row!.id, key: row!.publicKey };
  },
});

/** An event through the real intake route; `usuario` is the user the SDK reports. */
const enviar = async (mensaje: string, usuario?: string) => {
  const payload = {
    event_id: randomUUID().replaceAll('-', ''),
    message: mensaje,
    level: 'error',
    ...(usuario ? { user: { email: usuario } } : {}),
  };
  const r = await ctx.t.app.inject({ method: 'POST', url: `/api/${p.id}/store/?sentry_key=${p.key}`, payload });
  expect(r.statusCode).toBe(200);
};

/** A new issue of its own (one event), its id. */
const nuevoIssue = async (mensaje: string) => {
  await enviar(mensaje);
  const [row] = await ctx.t.db
    .select({ id: insightsIssues.id })
    .from(insightsIssues)
    .where(eq(insightsIssues.titulo, mensaje));
  return row!.id;
};

const ignorar = async (id: number, condicion: unknown) =>
  ctx.t.app.inject({
    method: 'POST',
    url: `/api/insights/issues/${id}/ignorar`,
    headers: ctx.admin,
    payload: condicion as object,
  });

const detalle = async (id: number) => {
  const r = await ctx.t.app.inject({ url: `/api/insights/issues/${id}`, headers: ctx.admin });
  expect(r.statusCode).toBe(200);
  return envelope(issueDetalle).parse(r.json()).datos;
};

/** The regressions the monitor's alert source (what Alertas reads each minute) tells of the issue now. */
const alertasDe = async (id: number) => {
  const { rows } = await ctx.t.db.execute<{ clave: string; titulo: string; item_id: number }>(
    sql`select * from (${insightsAlertas[0]!.consulta}) a`,
  );
  return rows.filter((r) => Number(r.item_id) === id && r.clave.startsWith('monitor:regresion:')).map((r) => r.titulo);
};

describe('Ignorar', () => {
  it('ignores for a while: the job brings it back once the time has passed, as a regression for the alerts', async () => {
    const id = await nuevoIssue('Falla por un rato');
    const antes = Date.now();
    const r = await ignorar(id, { modo: 'tiempo', minutos: 30 });
    expect(r.statusCode).toBe(200);
    const ignorado = envelope(issue).parse(r.json()).datos;
    expect(ignorado.estado).toBe('ignored');
    expect(ignorado.ignorada).toMatchObject({ modo: 'tiempo', cantidad: null, ventana: null });
    const hasta = Date.parse(ignorado.ignorada!.hasta!);
    expect(hasta - antes).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(hasta - antes).toBeLessThan(31 * 60_000);
    expect(await alertasDe(id)).toEqual([]);

    // Not yet: 29 minutes later it is still ignored.
    expect(await volverIgnorados(ctx.t.db, new Date(hasta - 60_000))).toBe(0);
    expect((await detalle(id)).estado).toBe('ignored');
    expect(await volverIgnorados(ctx.t.db, new Date(hasta + 1000))).toBe(1);
    const vuelto = await detalle(id);
    expect(vuelto.estado).toBe('unresolved');
    expect(vuelto.ignorada).toBeNull();
    expect(await alertasDe(id)).toEqual(['Regresión en Ignorar: Falla por un rato']);
  });

  it('ignores for a while: an event after the deadline brings it back at intake, before the job', async () => {
    const id = await nuevoIssue('Falla vencida');
    await ignorar(id, { modo: 'tiempo', minutos: 120 });
    await enviar('Falla vencida');
    expect((await detalle(id)).estado).toBe('ignored');
    await ctx.t.db
      .update(insightsIssues)
      .set({ ignoradaHasta: new Date(Date.now() - 1000) })
      .where(eq(insightsIssues.id, id));
    await enviar('Falla vencida');
    const vuelto = await detalle(id);
    expect(vuelto).toMatchObject({ estado: 'unresolved', ignorada: null, cantidad: 3 });
    expect(await alertasDe(id)).toContain('Regresión en Ignorar: Falla vencida');
  });

  it('ignores until N more events: counts down with each one through the intake, and comes back on the Nth', async () => {
    const id = await nuevoIssue('Falla contada');
    await enviar('Falla contada');
    const r = await ignorar(id, { modo: 'eventos', cantidad: 3 });
    expect(r.json().datos.ignorada).toEqual({
      modo: 'eventos',
      hasta: null,
      cantidad: 3,
      ventana: null,
      faltan: 3,
    } satisfies Ignorada);
    await enviar('Falla contada');
    await enviar('Falla contada');
    expect((await detalle(id)).ignorada).toEqual({
      modo: 'eventos',
      hasta: null,
      cantidad: 3,
      ventana: null,
      faltan: 1,
    });
    expect(await alertasDe(id)).toEqual([]);
    await enviar('Falla contada');
    const vuelto = await detalle(id);
    expect(vuelto).toMatchObject({ estado: 'unresolved', ignorada: null, cantidad: 5 });
    expect(await alertasDe(id)).toEqual(['Regresión en Ignorar: Falla contada']);
  });

  it('ignores until N more events within an hour: only the events after it was ignored count', async () => {
    const id = await nuevoIssue('Falla por hora');
    await enviar('Falla por hora');
    await ignorar(id, { modo: 'eventos', cantidad: 2, ventana: 'hora' });
    expect((await detalle(id)).ignorada).toEqual({
      modo: 'eventos',
      hasta: null,
      cantidad: 2,
      ventana: 'hora',
      faltan: 2,
    });
    await enviar('Falla por hora');
    expect((await detalle(id)).ignorada).toMatchObject({ faltan: 1 });
    await enviar('Falla por hora');
    expect((await detalle(id)).estado).toBe('unresolved');
  });

  it('ignores until N more users: repeated users and events without one do not count', async () => {
    const id = await nuevoIssue('Falla de usuarios');
    await enviar('Falla de usuarios', 'ana@example.com');
    const r = await ignorar(id, { modo: 'usuarios', cantidad: 2 });
    expect(r.statusCode).toBe(200);
    await enviar('Falla de usuarios', 'ana@example.com');
    await enviar('Falla de usuarios', 'ana@example.com');
    await enviar('Falla de usuarios');
    expect((await detalle(id)).ignorada).toEqual({
      modo: 'usuarios',
      hasta: null,
      cantidad: 2,
      ventana: null,
      faltan: 1,
    });
    await enviar('Falla de usuarios', 'ana@example.com');
    expect((await detalle(id)).estado).toBe('ignored');
    await enviar('Falla de usuarios', 'beto@example.com');
    expect((await detalle(id)).estado).toBe('unresolved');
    expect(await alertasDe(id)).toEqual(['Regresión en Ignorar: Falla de usuarios']);
  });

  it('ignores until N more users within a day', async () => {
    const id = await nuevoIssue('Falla de usuarios por día');
    await ignorar(id, { modo: 'usuarios', cantidad: 2, ventana: 'dia' });
    await enviar('Falla de usuarios por día', 'ana@example.com');
    expect((await detalle(id)).ignorada).toMatchObject({ modo: 'usuarios', ventana: 'dia', faltan: 1 });
    await enviar('Falla de usuarios por día', 'beto@example.com');
    expect((await detalle(id)).estado).toBe('unresolved');
  });

  it('ignores forever: no event, user or time brings it back', async () => {
    const id = await nuevoIssue('Falla para siempre');
    const r = await ignorar(id, { modo: 'siempre' });
    expect(r.json().datos.ignorada).toEqual({
      modo: 'siempre',
      hasta: null,
      cantidad: null,
      ventana: null,
      faltan: null,
    });
    for (const u of ['a@example.com', 'b@example.com', 'c@example.com']) await enviar('Falla para siempre', u);
    expect(await volverIgnorados(ctx.t.db, new Date(Date.now() + 365 * 86_400_000))).toBe(0);
    expect((await detalle(id)).estado).toBe('ignored');
    expect(await alertasDe(id)).toEqual([]);
  });

  it('a new state or a new condition replaces the old one; the list offers the same choices in bulk', async () => {
    const a = await nuevoIssue('Falla en lote A');
    const b = await nuevoIssue('Falla en lote B');
    await ignorar(a, { modo: 'tiempo', minutos: 1440 });
    const lote = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/insights/issues/ignorar',
      headers: ctx.admin,
      payload: { ids: [a, b], condicion: { modo: 'eventos', cantidad: 1 } },
    });
    expect(lote.statusCode).toBe(200);
    expect(lote.json().datos.actualizados).toBe(2);
    expect((await detalle(a)).ignorada).toMatchObject({ modo: 'eventos', hasta: null, faltan: 1 });
    await enviar('Falla en lote B');
    expect((await detalle(b)).estado).toBe('unresolved');
    // Resolving clears the condition: an event then reopens it as any resolved issue.
    await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/insights/issues/${a}`,
      headers: ctx.admin,
      payload: { estado: 'resolved' },
    });
    expect((await detalle(a)).ignorada).toBeNull();
    const [fila] = await ctx.t.db
      .select({ eventos: insightsIssues.ignoradaEventos })
      .from(insightsIssues)
      .where(eq(insightsIssues.id, a));
    expect(fila!.eventos).toBeNull();
  });

  it('refuses a bad condition with Spanish field errors, and an issue that does not exist with 404', async () => {
    const id = await nuevoIssue('Falla mal ignorada');
    const casos: [unknown, Record<string, string[]>][] = [
      [{}, { modo: ['Elija por cuánto tiempo ignorarlo: tiempo, eventos, usuarios o siempre'] }],
      [{ modo: 'eventos', cantidad: 0 }, { cantidad: ['Debe ser un número entero positivo'] }],
      [{ modo: 'eventos' }, { cantidad: ['Este campo es requerido'] }],
      [
        { modo: 'usuarios', cantidad: 2.5, ventana: 'semana' },
        { cantidad: ['Debe ser un número entero positivo'], ventana: ['Ventana inválida: por hora o por día'] },
      ],
      [{ modo: 'tiempo', minutos: 45 }, { minutos: ['Elija 30 minutos, 2 horas, 24 horas o una semana'] }],
    ];
    for (const [body, campos] of casos) {
      const r = await ignorar(id, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().campos).toEqual(campos);
    }
    const lote = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/insights/issues/ignorar',
      headers: ctx.admin,
      payload: { ids: [id], condicion: { modo: 'eventos', cantidad: -1 } },
    });
    expect(lote.statusCode).toBe(400);
    expect(lote.json().campos).toEqual({ 'condicion.cantidad': ['Debe ser un número entero positivo'] });
    expect((await detalle(id)).estado).toBe('unresolved');
    expect((await ignorar(999_999, { modo: 'siempre' })).statusCode).toBe(404);
  });
});
