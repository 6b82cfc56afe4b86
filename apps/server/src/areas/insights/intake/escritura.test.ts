import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  insightsEventos,
  insightsIssueAlias,
  insightsIssueBusqueda,
  insightsIssueDias,
  insightsIssues,
  insightsProyectos,
} from '../../../db/schema.ts';
import { freshApp, useTemplate } from '../../../test/harness.ts';
import { aceptarEvento, escribirLote, type EventoAceptado } from './escritura.ts';
import { normalizarEvento } from './normalize.ts';

// The batch writer on its own, as several intake processes would call it at once (on PostgreSQL the calls
// really run side by side on the pool's connections; PGlite takes them one after another).

let proyectoId: number;
const ctx = freshApp(useTemplate(), ['admin'], {
  setup: async ({ t }) => {
    const [row] = await t.db
      .insert(insightsProyectos)
      .values({ nombre: 'Lotes', slug: 'lotes', plataforma: 'node', publicKey: 'c'.repeat(32) })
      .returning();
    proyectoId = row!.id;
  },
});

const aceptado = (
  valor: string,
  opts: { eventId?: string; titulo?: string; recibido?: Date; extra?: Record<string, unknown> } = {},
): EventoAceptado => {
  const recibido = opts.recibido ?? new Date();
  const raw = {
    event_id: opts.eventId ?? randomUUID().replaceAll('-', ''),
    level: 'error',
    exception: {
      values: [
        {
          type: 'LoteError',
          value: valor,
          stacktrace: { frames: [{ filename: 'src/lote.ts', function: 'escribir', in_app: true }] },
        },
      ],
    },
    fingerprint: opts.titulo ? ['lote', valor] : undefined,
    ...opts.extra,
  };
  const e = aceptarEvento(JSON.stringify(raw), raw, { proyectoId, recibido });
  return { ...e, titulo: opts.titulo ?? e.titulo };
};

const issue = async (valor: string) => {
  const rows = await ctx.t.db
    .select()
    .from(insightsIssues)
    .where(eq(insightsIssues.titulo, `LoteError: ${valor}`));
  return rows;
};

describe('escribirLote', () => {
  it('files a key that is an alias (an issue joined by its source maps) under the issue it joined, in the same batch as its own key too', async () => {
    await escribirLote(ctx.t.db, [aceptado('alias-viejo')]);
    const [viejo] = await issue('alias-viejo');
    const nuevo = aceptado('alias-nuevo');
    await ctx.t.db.insert(insightsIssueAlias).values({ proyectoId, huella: nuevo.huella, issueId: viejo!.id });
    await escribirLote(ctx.t.db, [nuevo, aceptado('alias-viejo'), aceptado('alias-nuevo')]);
    expect(await ctx.t.db.$count(insightsIssues, eq(insightsIssues.huella, nuevo.huella))).toBe(0);
    const [despues] = await ctx.t.db.select().from(insightsIssues).where(eq(insightsIssues.id, viejo!.id));
    expect(despues).toMatchObject({ huella: viejo!.huella, cantidad: 4 });
    expect(await ctx.t.db.$count(insightsEventos, eq(insightsEventos.issueId, viejo!.id))).toBe(4);
  });

  it("stores the resolved key and culprit an event brings with a new issue, and never rewrites an existing issue's", async () => {
    const clave = 'e'.repeat(64);
    const primero = { ...aceptado('simbolica'), huellaSimbolica: clave, culpritMapa: 'src/carrito.ts in agregarItem' };
    // In one batch with an event of the same key that brings none, and with an existing issue's event.
    await escribirLote(ctx.t.db, [aceptado('alias-viejo'), primero, aceptado('simbolica')]);
    const [nuevo] = await issue('simbolica');
    expect(nuevo).toMatchObject({ cantidad: 2, huellaSimbolica: clave, culpritMapa: 'src/carrito.ts in agregarItem' });
    const [viejo] = await issue('alias-viejo');
    expect(viejo).toMatchObject({ huellaSimbolica: null, culpritMapa: null });

    await escribirLote(ctx.t.db, [{ ...aceptado('simbolica'), huellaSimbolica: 'f'.repeat(64), culpritMapa: null }]);
    expect((await issue('simbolica'))[0]).toMatchObject({
      cantidad: 3,
      huellaSimbolica: clave,
      culpritMapa: 'src/carrito.ts in agregarItem',
    });
  });
  it('creates a new issue once when concurrent batches bring its first events, and counts every event once', async () => {
    // Eight batches of the same new fingerprint at once; batches 1-7 also repeat three event_ids of batch 0
    // (an SDK resending while the first delivery is still being written: the same event_id and timestamp).
    const repetidos = Array.from({ length: 3 }, () => ({
      eventId: randomUUID().replaceAll('-', ''),
      timestamp: Date.now() / 1000,
    }));
    const lotes = Array.from({ length: 8 }, (_, i) => [
      ...repetidos.map(({ eventId, timestamp }) => aceptado('carrera', { eventId, extra: { timestamp } })),
      ...Array.from({ length: 5 + i }, () => aceptado('carrera')),
    ]);
    await Promise.all(lotes.map((lote) => escribirLote(ctx.t.db, lote)));
    const distintos = 3 + lotes.reduce((n, lote) => n + lote.length - 3, 0);

    const issues = await issue('carrera');
    expect(issues).toHaveLength(1);
    const [i] = issues;
    const guardados = await ctx.t.db
      .select({ id: insightsEventos.id })
      .from(insightsEventos)
      .where(eq(insightsEventos.issueId, i!.id));
    expect(guardados).toHaveLength(distintos);
    expect(i!.cantidad).toBe(distintos);
    const [dias] = await ctx.t.db
      .select({ n: sql<number>`sum(${insightsIssueDias.cantidad})::int` })
      .from(insightsIssueDias)
      .where(eq(insightsIssueDias.issueId, i!.id));
    expect(dias!.n).toBe(distintos);
  });

  it('keeps first and last seen across batches, and reopens a resolved issue', async () => {
    const temprano = new Date('2026-03-01T10:00:00Z');
    const tarde = new Date('2026-03-02T23:30:00Z');
    await escribirLote(ctx.t.db, [aceptado('fechas', { recibido: tarde })]);
    await escribirLote(ctx.t.db, [aceptado('fechas', { recibido: temprano })]);
    const [i] = await issue('fechas');
    expect(i!.primeraVez.toISOString()).toBe(temprano.toISOString());
    expect(i!.ultimaVez.toISOString()).toBe(tarde.toISOString());
    const dias = await ctx.t.db
      .select()
      .from(insightsIssueDias)
      .where(eq(insightsIssueDias.issueId, i!.id))
      .orderBy(insightsIssueDias.dia);
    expect(dias.map((d) => [d.dia, d.cantidad])).toEqual([
      ['2026-03-01', 1],
      ['2026-03-02', 1],
    ]);

    await ctx.t.db.update(insightsIssues).set({ estado: 'resolved' }).where(eq(insightsIssues.id, i!.id));
    await escribirLote(ctx.t.db, [aceptado('fechas')]);
    const [reabierto] = await issue('fechas');
    expect(reabierto!.estado).toBe('unresolved');
    expect(reabierto!.cantidad).toBe(3);
  });

  it('keeps the searched text with the latest title, and the list finds the issue by it', async () => {
    await escribirLote(ctx.t.db, [aceptado('titulos', { titulo: 'Primer título de la incidencia' })]);
    await escribirLote(ctx.t.db, [aceptado('titulos', { titulo: 'Título renombrado Zanahoria' })]);
    const [i] = await ctx.t.db
      .select()
      .from(insightsIssues)
      .where(eq(insightsIssues.titulo, 'Título renombrado Zanahoria'));
    const [b] = await ctx.t.db.select().from(insightsIssueBusqueda).where(eq(insightsIssueBusqueda.issueId, i!.id));
    expect(b!.texto).toBe(`Título renombrado Zanahoria ${i!.culprit}`);

    const buscar = async (q: string) => {
      const r = await ctx.t.app.inject({
        url: `/api/insights/issues?proyecto_id=${proyectoId}&estado=unresolved&q=${encodeURIComponent(q)}`,
        headers: ctx.admin,
      });
      expect(r.statusCode).toBe(200);
      return (r.json() as { datos: { items: { id: number }[] } }).datos.items.map((x) => x.id);
    };
    expect(await buscar('zanahoria')).toEqual([i!.id]);
    expect(await buscar('Primer título')).toEqual([]);
    expect(await buscar('src/lote.ts in escribir')).toContain(i!.id);
  });

  it('stores the event as the SDK sent it and shows it normalised, with every field of the contract', async () => {
    const e = aceptado('crudo', {
      extra: {
        breadcrumbs: [{ category: 'http', message: 'GET /cobros' }],
        sdk: { name: 'sentry.javascript.node', version: '10.0.0' },
      },
    });
    await escribirLote(ctx.t.db, [e]);
    const [i] = await issue('crudo');
    const [fila] = await ctx.t.db
      .select({ datos: insightsEventos.datos })
      .from(insightsEventos)
      .where(eq(insightsEventos.eventId, e.eventId));
    expect(fila!.datos).toEqual(JSON.parse(e.crudo));

    const r = await ctx.t.app.inject({ url: `/api/insights/issues/${i!.id}/eventos/latest`, headers: ctx.admin });
    expect(r.statusCode).toBe(200);
    const evento = (
      r.json() as {
        datos: {
          event_id: string;
          exception: { type: string; frames: unknown[] }[];
          breadcrumbs: unknown[];
          sdk: unknown;
        };
      }
    ).datos;
    expect(evento.event_id).toBe(e.eventId);
    expect(evento.exception[0]!.type).toBe('LoteError');
    expect(evento.exception[0]!.frames[0]).toEqual({
      filename: 'src/lote.ts',
      abs_path: null,
      function: 'escribir',
      module: null,
      lineno: null,
      colno: null,
      in_app: true,
      context_line: null,
      pre_context: [],
      post_context: [],
      vars: null,
    });
    expect(evento.breadcrumbs).toEqual([
      { timestamp: null, type: null, category: 'http', level: null, message: 'GET /cobros', data: null },
    ]);
    expect(evento.sdk).toEqual({ name: 'sentry.javascript.node', version: '10.0.0' });
  });

  it('shows events stored normalised (before events were kept as sent) as they are', async () => {
    const e = aceptado('normalizado');
    const datos = normalizarEvento(JSON.parse(e.crudo), { ahora: e.recibido }).datos;
    await escribirLote(ctx.t.db, [{ ...e, crudo: JSON.stringify({ ...datos, transaction: 'guardado-normalizado' }) }]);
    const [i] = await issue('normalizado');
    const r = await ctx.t.app.inject({ url: `/api/insights/issues/${i!.id}/eventos/latest`, headers: ctx.admin });
    expect(r.statusCode).toBe(200);
    expect((r.json() as { datos: { transaction: string } }).datos.transaction).toBe('guardado-normalizado');
  });

  it('keeps an event larger than 1 MB normalised and cut to size', () => {
    const raw = { message: 'enorme', extra: { volcado: 'x'.repeat(1_200_000) } };
    const e = aceptarEvento(JSON.stringify(raw), raw, { proyectoId, recibido: new Date() });
    expect(e.crudo.length).toBeLessThan(20_000);
    expect(JSON.parse(e.crudo)).toMatchObject({ mensaje: 'enorme', nivel: 'error' });
  });

  it('numbers the events of a batch in arrival order (latest, previous and next follow it)', async () => {
    const base = Date.parse('2026-05-01T12:00:00Z');
    const lote = Array.from({ length: 12 }, (_, i) =>
      aceptado(i % 2 ? 'orden-a' : 'orden-b', { recibido: new Date(base + i * 1000) }),
    );
    await escribirLote(ctx.t.db, lote);
    const filas = await ctx.t.db
      .select({ eventId: insightsEventos.eventId })
      .from(insightsEventos)
      .where(
        inArray(
          insightsEventos.eventId,
          lote.map((e) => e.eventId),
        ),
      )
      .orderBy(insightsEventos.id);
    expect(filas.map((f) => f.eventId)).toEqual(lote.map((e) => e.eventId));
  });
});
