import { randomUUID } from 'node:crypto';
import type { ExceptionValue } from '@intranet/contract/areas/insights';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insightsIssueAlias, insightsIssues, insightsProyectos } from '../../../db/schema.ts';
import { freshApp, useTemplate } from '../../../test/harness.ts';
import { aceptarEvento, escribirLote, type EventoAceptado } from '../intake/escritura.ts';
import { AgrupacionAlCrear } from './al-crear.ts';
import { reagruparNuevos } from './reagrupar.ts';
import type { Simbolizador } from './simbolizar.ts';

// The intake's grouping by resolved frames when an event creates an issue, with a stand-in for the maps: every
// build's `index-<hash>.js` resolves to src/carrito.ts, so builds differ by their minified key only.

let proyectoId: number;
const ctx = freshApp(useTemplate(), [], {
  setup: async ({ t }) => {
    const [row] = await t.db
      .insert(insightsProyectos)
      .values({ nombre: 'Mapas', slug: 'mapas', plataforma: 'javascript', publicKey: 'd'.repeat(32) })
      .returning();
    proyectoId = row!.id;
  },
});

/** Resolves the frames of `index-*.js`, counting the events it was asked about; `falla` makes it throw. */
function mapasDePrueba(opts: { falla?: boolean } = {}) {
  const llamadas: string[] = [];
  const s: Simbolizador = {
    async excepciones(_proyectoId, crudo, valores) {
      llamadas.push((crudo as { event_id: string }).event_id);
      if (opts.falla) throw new Error('el almacenamiento no responde');
      const resolver = (v: ExceptionValue): ExceptionValue => ({
        ...v,
        frames: v.frames.map((f) =>
          /index-\w+\.js$/.test(f.filename ?? '')
            ? {
                ...f,
                filename: 'src/carrito.ts',
                function: 'agregarItem',
                lineno: 8,
                sourcemap: {
                  resuelto: true,
                  motivo: null,
                  minificado: { abs_path: f.filename, function: f.function, lineno: f.lineno, colno: f.colno },
                },
              }
            : f,
        ),
      });
      return valores.map(resolver);
    },
  };
  return { s, llamadas };
}

const evento = (build: string, opts: { fingerprint?: string[]; valor?: string } = {}): EventoAceptado => {
  const raw = {
    event_id: randomUUID().replaceAll('-', ''),
    level: 'error',
    release: build,
    exception: {
      values: [
        {
          type: 'Error',
          value: opts.valor ?? 'Falta el nombre del ítem',
          stacktrace: {
            frames: [{ filename: `index-${build}.js`, function: 'a', lineno: 1, colno: 200, in_app: true }],
          },
        },
      ],
    },
    fingerprint: opts.fingerprint,
  };
  return aceptarEvento(JSON.stringify(raw), raw, { proyectoId, recibido: new Date() });
};

const issues = () =>
  ctx.t.db
    .select({
      id: insightsIssues.id,
      huella: insightsIssues.huella,
      cantidad: insightsIssues.cantidad,
      huellaSimbolica: insightsIssues.huellaSimbolica,
      culpritMapa: insightsIssues.culpritMapa,
    })
    .from(insightsIssues)
    .where(eq(insightsIssues.proyectoId, proyectoId))
    .orderBy(insightsIssues.id);

describe('grouping by resolved frames when an issue is created', () => {
  it('resolves only the event that creates an issue; a new build joins it at once and its key becomes an alias', async () => {
    const { s, llamadas } = mapasDePrueba();
    const agrupacion = new AgrupacionAlCrear(ctx.t.db, s, (err) => {
      throw err;
    });
    const [a1, a2] = [evento('aaaa'), evento('aaaa')];
    const preparados = await agrupacion.preparar(proyectoId, [a1!, a2!]);
    expect(llamadas).toEqual([a1!.eventId]);
    expect(preparados.map((e) => e.huellaSimbolica)).toEqual([
      expect.stringMatching(/^[0-9a-f]{64}$/),
      preparados[0]!.huellaSimbolica,
    ]);
    await escribirLote(ctx.t.db, preparados);
    const [creado] = await issues();
    expect(creado).toMatchObject({
      huella: a1!.huella,
      cantidad: 2,
      huellaSimbolica: preparados[0]!.huellaSimbolica,
      culpritMapa: 'src/carrito.ts in agregarItem',
    });

    // The hot path: a key with an issue is not resolved again, neither here nor in another process (a cold cache).
    const a3 = evento('aaaa');
    expect(await agrupacion.preparar(proyectoId, [a3])).toEqual([a3]);
    const otroProceso = mapasDePrueba();
    expect(await new AgrupacionAlCrear(ctx.t.db, otroProceso.s, () => undefined).preparar(proyectoId, [a3])).toEqual([
      a3,
    ]);
    expect(llamadas).toHaveLength(1);
    expect(otroProceso.llamadas).toEqual([]);

    // Another build: its first event is resolved, written as it came, and lands in the older issue through the alias.
    const b1 = evento('bbbb');
    expect(b1.huella).not.toBe(a1!.huella);
    expect(await agrupacion.preparar(proyectoId, [b1])).toEqual([b1]);
    expect(llamadas).toEqual([a1!.eventId, b1.eventId]);
    expect(
      await ctx.t.db
        .select({ huella: insightsIssueAlias.huella, issueId: insightsIssueAlias.issueId })
        .from(insightsIssueAlias)
        .where(eq(insightsIssueAlias.proyectoId, proyectoId)),
    ).toEqual([{ huella: b1.huella, issueId: creado!.id }]);
    await escribirLote(ctx.t.db, [b1]);
    expect(await issues()).toEqual([{ ...creado, cantidad: 3 }]);
    const b2 = evento('bbbb');
    expect(await agrupacion.preparar(proyectoId, [b2])).toEqual([b2]);
    expect(llamadas).toHaveLength(2);
  });

  it('an event grouped by its own fingerprint, or that the maps fail on, creates its issue as it came', async () => {
    const propio = evento('cccc', { fingerprint: ['carrito', 'propio'] });
    const { s, llamadas } = mapasDePrueba();
    expect(await new AgrupacionAlCrear(ctx.t.db, s, () => undefined).preparar(proyectoId, [propio])).toEqual([propio]);
    expect(llamadas).toEqual([propio.eventId]);

    const errores: unknown[] = [];
    const roto = evento('dddd');
    expect(
      await new AgrupacionAlCrear(ctx.t.db, mapasDePrueba({ falla: true }).s, (err) => errores.push(err)).preparar(
        proyectoId,
        [roto],
      ),
    ).toEqual([roto]);
    expect(errores).toEqual([new Error('el almacenamiento no responde')]);
    await escribirLote(ctx.t.db, [propio, roto]);
    // Left for the merge job to look at.
    expect(
      (await issues())
        .filter((i) => i.huella === propio.huella || i.huella === roto.huella)
        .map((i) => i.huellaSimbolica),
    ).toEqual([null, null]);
  });

  it('two new builds whose first events come at the same instant make two issues with one key, which the merge job joins', async () => {
    // Another error than the first test's, so that no older issue has its resolved key.
    const valor = 'El carrito está vacío';
    const [e1, e2] = [evento('eeee', { valor }), evento('ffff', { valor })];
    // Two processes, each with a new build's first event: neither sees the other's issue yet.
    const [p1, p2] = await Promise.all([
      new AgrupacionAlCrear(ctx.t.db, mapasDePrueba().s, () => undefined).preparar(proyectoId, [e1!]),
      new AgrupacionAlCrear(ctx.t.db, mapasDePrueba().s, () => undefined).preparar(proyectoId, [e2!]),
    ]);
    await escribirLote(ctx.t.db, [...p1, ...p2]);
    const nuevas = (await issues()).filter((i) => i.huella === e1!.huella || i.huella === e2!.huella);
    expect(nuevas).toHaveLength(2);
    expect(nuevas[0]!.huellaSimbolica).toBe(nuevas[1]!.huellaSimbolica);

    const r = await reagruparNuevos(ctx.t.db, mapasDePrueba().s);
    expect(r.unidos).toBe(1);
    const despues = (await issues()).filter((i) => i.huellaSimbolica === nuevas[0]!.huellaSimbolica);
    // The older issue holds both events.
    expect(despues).toEqual([{ ...nuevas[0], cantidad: 2 }]);
    const alias = await ctx.t.db
      .select({ huella: insightsIssueAlias.huella, issueId: insightsIssueAlias.issueId })
      .from(insightsIssueAlias)
      .where(eq(insightsIssueAlias.proyectoId, proyectoId));
    expect(alias).toEqual(expect.arrayContaining([{ huella: nuevas[1]!.huella, issueId: despues[0]!.id }]));
    // A later event of the joined build follows the alias.
    const e3 = evento('ffff', { valor });
    await escribirLote(ctx.t.db, [e3]);
    expect((await issues()).filter((i) => i.huellaSimbolica === nuevas[0]!.huellaSimbolica)).toEqual([
      { ...despues[0], cantidad: despues[0]!.cantidad + 1 },
    ]);
  });
});
