import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { insightsEventos, insightsIssueDias, insightsIssues, insightsProyectos } from '../../db/schema.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';
import { aceptarEvento, escribirLote } from './intake/escritura.ts';
import { MESES_ADELANTE, mesesDeEventos, quitarEventosViejos } from './retencion.ts';

// The monitor's retention: months dropped, the older rest deleted, the months ahead made, on both databases
// (PGlite is PostgreSQL 17 and partitions alike); the intake writing meanwhile is PostgreSQL's alone.

const DIA = 86_400_000;
const template = useTemplate();
const mes = (base: Date, n: number) => new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + n, 1));
const nombre = (d: Date) => `insights_eventos_${d.toISOString().slice(0, 7).replace('-', '_')}`;

async function proyecto(db: Db, slug: string): Promise<number> {
  const [row] = await db
    .insert(insightsProyectos)
    .values({ nombre: slug, slug, plataforma: 'node', publicKey: randomUUID().replaceAll('-', '') })
    .returning();
  return row!.id;
}

/** An event of group `valor` as an SDK sends it: its own timestamp, so a resend repeats it. */
function evento(proyectoId: number, valor: string, fecha: Date, eventId = randomUUID().replaceAll('-', '')) {
  const raw = {
    event_id: eventId,
    timestamp: fecha.getTime() / 1000,
    level: 'error',
    exception: { values: [{ type: 'RetencionError', value: valor }] },
  };
  return aceptarEvento(JSON.stringify(raw), raw, { proyectoId, recibido: new Date() });
}

const particionDe = async (db: Db, eventId: string) =>
  (
    await db.execute<{ p: string }>(
      sql`select tableoid::regclass::text as p from insights_eventos where event_id = ${eventId}`,
    )
  ).rows.map((r) => r.p);

describe('monitor retention', () => {
  const ctx = freshApp(template, ['admin']);

  it('stores a retried event once, in a month partition or the default one, one batch after the other or both at once', async () => {
    const db = ctx.t.db;
    const proyectoId = await proyecto(db, 'reintentos');
    for (const fecha of [new Date(), new Date(Date.now() - 45 * DIA), new Date('2003-01-01T00:00:00Z')]) {
      const e = evento(proyectoId, 'reintento', fecha);
      await escribirLote(db, [e]);
      await escribirLote(db, [{ ...e, recibido: new Date() }]);
      await Promise.all([1, 2, 3].map(() => escribirLote(db, [{ ...e, recibido: new Date() }])));
      expect(await particionDe(db, e.eventId)).toHaveLength(1);
    }
    const [issue] = await db.select().from(insightsIssues).where(eq(insightsIssues.proyectoId, proyectoId));
    expect(issue!.cantidad).toBe(3);
  });

  it('drops the months past the limit, deletes the older rest, makes the months ahead, and keeps issues and daily counts', async () => {
    const db = ctx.t.db;
    const proyectoId = await proyecto(db, 'retencion');
    const m0 = mes(new Date(), 0);
    // Seen from 40 days after the start of the month after next, with 30 days kept: the limit falls in that month.
    const ahora = new Date(mes(m0, 2).getTime() + 40 * DIA);
    const corte = new Date(ahora.getTime() - 30 * DIA);
    const e = {
      esteMes: evento(proyectoId, 'este-mes', new Date()),
      siguiente: evento(proyectoId, 'siguiente', new Date(mes(m0, 1).getTime() + DIA)),
      limiteAntes: evento(proyectoId, 'limite', new Date(corte.getTime() - DIA)),
      limiteDespues: evento(proyectoId, 'limite', new Date(corte.getTime() + DIA)),
      antiguo: evento(proyectoId, 'reloj-atrasado', new Date('2001-05-01T00:00:00Z')),
      lejano: evento(proyectoId, 'reloj-adelantado', new Date('2099-05-01T00:00:00Z')),
      // Beyond the months made ahead today: waits in the default partition until its month is made.
      adelantado: evento(proyectoId, 'adelantado', new Date(mes(m0, 4).getTime() + 3 * DIA)),
    };
    await escribirLote(db, Object.values(e));
    expect(await particionDe(db, e.adelantado.eventId)).toEqual(['insights_eventos_defecto']);
    const viejos = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from insights_eventos where fecha < ${corte}`,
    );
    const issuesAntes = await db.select().from(insightsIssues).where(eq(insightsIssues.proyectoId, proyectoId));
    const diasDe = async () =>
      (
        await db.execute(
          sql`select d.* from insights_issue_dias d join insights_issues i on i.id = d.issue_id
            where i.proyecto_id = ${proyectoId} order by 1, 2`,
        )
      ).rows;
    const diasAntes = await diasDe();

    const r = await quitarEventosViejos(db, 30, ahora);

    expect(r.meses).toBe(2);
    expect(r.eventos).toBe(viejos.rows[0]!.n);
    expect(r.creados).toEqual([3, 4, 5].map((n) => mes(m0, n).toISOString().slice(0, 7)));
    const quedan = await db
      .select({ eventId: insightsEventos.eventId })
      .from(insightsEventos)
      .where(eq(insightsEventos.proyectoId, proyectoId));
    expect(quedan.map((q) => q.eventId).sort()).toEqual(
      [e.limiteDespues.eventId, e.lejano.eventId, e.adelantado.eventId].sort(),
    );
    expect(
      (await db.execute(sql`select count(*)::int as n from insights_eventos where fecha < ${corte}`)).rows[0],
    ).toEqual({ n: 0 });
    const meses = (await mesesDeEventos(db)).map((m) => m.nombre);
    expect(meses).toEqual([2, 3, 4, 5].map((n) => nombre(mes(m0, n))));
    // The event from a clock ahead went to its month's partition when that month was made.
    expect(await particionDe(db, e.adelantado.eventId)).toEqual([nombre(mes(m0, 4))]);
    expect(await db.select().from(insightsIssues).where(eq(insightsIssues.proyectoId, proyectoId))).toEqual(
      issuesAntes,
    );
    expect(await diasDe()).toEqual(diasAntes);

    // An issue whose events are all gone still opens: its counts and chart, no latest event, an empty list.
    const [sinEventos] = issuesAntes.filter((i) => i.titulo === 'RetencionError: este-mes');
    const detalle = await ctx.t.app.inject({ url: `/api/insights/issues/${sinEventos!.id}`, headers: ctx.admin });
    expect(detalle.statusCode).toBe(200);
    expect(detalle.json().datos).toMatchObject({ cantidad: 1, ultimo_evento: null });
    const lista = await ctx.t.app.inject({ url: `/api/insights/issues/${sinEventos!.id}/eventos`, headers: ctx.admin });
    expect(lista.json().datos).toMatchObject({ items: [], total: 0 });
    const tags = await ctx.t.app.inject({ url: `/api/insights/issues/${sinEventos!.id}/tags`, headers: ctx.admin });
    expect(tags.json().datos).toEqual([]);
    const ultimo = await ctx.t.app.inject({
      url: `/api/insights/issues/${sinEventos!.id}/eventos/latest`,
      headers: ctx.admin,
    });
    expect(ultimo.statusCode).toBe(404);
    expect(ultimo.json().error).toBe('El evento no existe');
    const [dias] = await db
      .select({ n: sql<number>`sum(${insightsIssueDias.cantidad})::int` })
      .from(insightsIssueDias)
      .where(eq(insightsIssueDias.issueId, sinEventos!.id));
    expect(dias!.n).toBe(1);

    // A second run finds nothing more to do.
    expect(await quitarEventosViejos(db, 30, ahora)).toEqual({ eventos: 0, meses: 0, creados: [] });
  });
});

describe('the scheduled job', () => {
  const ctx = freshApp(template, [], { config: { insightsRetencionDias: 9000 } });

  it('follows INSIGHTS_RETENCION_DIAS and says what it removed', async () => {
    const db = ctx.t.db;
    const proyectoId = await proyecto(db, 'tarea');
    // 2001 is over 9,000 days ago; 2003-06 is not yet (until 2028).
    const viejo = evento(proyectoId, 'viejo', new Date('2001-01-01T00:00:00Z'));
    const reciente = evento(proyectoId, 'reciente', new Date('2003-06-01T00:00:00Z'));
    await escribirLote(db, [viejo, reciente]);
    const resumen = await ctx.t.programador.ejecutarEnEsteProceso('insights-retencion');
    expect(resumen).toBe('Se quitó 1 evento de más de 9000 días; los errores y sus conteos por día se conservan.');
    expect(await particionDe(db, viejo.eventId)).toEqual([]);
    expect(await particionDe(db, reciente.eventId)).toEqual(['insights_eventos_defecto']);
    const estado = await ctx.t.programador.estado();
    expect(estado.tareas.find((t) => t.nombre === 'insights-retencion')?.programacion).toBe(
      'Todas las noches a las 03:30 (eventos de más de 9000 días)',
    );
    expect((await mesesDeEventos(db)).length).toBeGreaterThanOrEqual(MESES_ADELANTE + 1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL, with the intake writing', () => {
  const ctx = freshApp(template);

  it('drops and makes partitions while batches keep being stored, none lost', async () => {
    const db = ctx.t.db;
    const proyectoId = await proyecto(db, 'concurrente');
    const m0 = mes(new Date(), 0);
    let escritos = 0;
    let seguir = true;
    const escritor = (async () => {
      while (seguir) {
        await escribirLote(
          db,
          Array.from({ length: 20 }, (_, i) => evento(proyectoId, `carga-${i % 4}`, new Date())),
        );
        escritos += 20;
      }
    })();
    // Seen from months ahead: this month's partition, where the batches are going, is dropped meanwhile.
    const r = await quitarEventosViejos(db, 1, new Date(mes(m0, 2).getTime() + 2 * DIA));
    seguir = false;
    await escritor;
    expect(r.meses).toBeGreaterThanOrEqual(2);
    expect(escritos).toBeGreaterThan(0);
    const [cuenta] = await db
      .select({ n: sql<number>`sum(${insightsIssues.cantidad})::int` })
      .from(insightsIssues)
      .where(eq(insightsIssues.proyectoId, proyectoId));
    expect(cuenta!.n).toBe(escritos);
    // What arrived after this month's partition went waits in the default one; a later run deletes it.
    const { rows } = await db.execute<{ p: string }>(
      sql`select distinct tableoid::regclass::text as p from insights_eventos where proyecto_id = ${proyectoId}`,
    );
    expect(rows.every((row) => row.p === 'insights_eventos_defecto')).toBe(true);
  });
});
