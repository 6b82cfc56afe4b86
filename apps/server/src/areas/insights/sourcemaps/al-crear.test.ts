import { randomUUID } from 'node:crypto';
import type { ExceptionValue } from '@intranet/contract/insights';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insightsIssueAlias, insightsIssues, insightsProyectos } from '../../../db/schema.ts';
import { freshApp, useTemplate } from '../../../test/harness.ts';
import { aceptarEvento, escribirLote, type EventoAceptado } from '../intake/escritura.ts';
import { AgrupacionAlCrear } from './al-crear.ts';
import type { Simbolizador } from './simbolizar.ts';

// The intake's grouping by resolved frames when an event creates an issue, with a stand-in for the maps: every
// build's `index-<hash>.js` resolves to src/carrito.ts, so builds differ by their minified key only.

let proyectoId: number;
const ctx = freshApp(useTemplate(), [], {
  setup: async ({ t }) => {
    const [row] = await t.db.insert(insightsProyectos).values({ nombre: 'Mapas', slug: 'mapas', plataforma: 'javascript', publicKey: 'd'.repeat(32) }).returning();
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
            ? { ...f, filename: 'src/carrito.ts', function: 'agregarItem', lineno: 8, sourcemap: { resuelto: true, motivo: null, minificado: { abs_path: f.filename, function: f.function, lineno: f.lineno, colno: f.colno } } }
            : f,
        ),
      });
      return valores.map(resolver);
    },
  };
  return { s, llamadas };
}

const evento = (build: string, opts: { fingerprint?: string[] } = {}): EventoAceptado => {
  const raw = {
    event_id: randomUUID().replaceAll('-', ''),
    level: 'error',
    release: build,
    exception: { values: [{ type: 'Error', value: 'Falta el nombre del ítem', stacktrace: { frames: [{ filename: `index-${build}.js`, function: 'a', lineno: 1, colno: 200, in_app: true }] } }] },
    fingerprint: opts.fingerprint,
  };
  return aceptarEvento(JSON.stringify(raw), raw, { proyectoId, recibido: new Date() });
};

const issues = () =>
  ctx.t.db
    .select({ id: insightsIssues.id, huella: insightsIssues.huella, cantidad: insightsIssues.cantidad, huellaSimbolica: insightsIssues.huellaSimbolica, culpritMapa: insightsIssues.culpritMapa })
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
    expect(preparados.map((e) => e.huellaSimbolica)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), preparados[0]!.huellaSimbolica]);
    await escribirLote(ctx.t.db, preparados);
    const [creado] = await issues();
    expect(creado).toMatchObject({ huella: a1!.huella, cantidad: 2, huellaSimbolica: preparados[0]!.huellaSimbolica, culpritMapa: 'src/carrito.ts in agregarItem' });

    // The hot path: a key with an issue is not resolved again, neither here nor in another process (a cold cache).
    const a3 = evento('aaaa');
    expect(await agrupacion.preparar(proyectoId, [a3])).toEqual([a3]);
    const otroProceso = mapasDePrueba();
    expect(await new AgrupacionAlCrear(ctx.t.db, otroProceso.s, () => undefined).preparar(proyectoId, [a3])).toEqual([a3]);
    expect(llamadas).toHaveLength(1);
    expect(otroProceso.llamadas).toEqual([]);

    // Another build: its first event is resolved, written as it came, and lands in the older issue through the alias.
    const b1 = evento('bbbb');
    expect(b1.huella).not.toBe(a1!.huella);
    expect(await agrupacion.preparar(proyectoId, [b1])).toEqual([b1]);
    expect(llamadas).toEqual([a1!.eventId, b1.eventId]);
    expect(await ctx.t.db.select({ huella: insightsIssueAlias.huella, issueId: insightsIssueAlias.issueId }).from(insightsIssueAlias).where(eq(insightsIssueAlias.proyectoId, proyectoId))).toEqual([
      { huella: b1.huella, issueId: creado!.id },
    ]);
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
    expect(await new AgrupacionAlCrear(ctx.t.db, mapasDePrueba({ falla: true }).s, (err) => errores.push(err)).preparar(proyectoId, [roto])).toEqual([roto]);
    expect(errores).toEqual([new Error('el almacenamiento no responde')]);
    await escribirLote(ctx.t.db, [propio, roto]);
    // Left for the merge job to look at.
    expect((await issues()).filter((i) => i.huella === propio.huella || i.huella === roto.huella).map((i) => i.huellaSimbolica)).toEqual([null, null]);
  });
});
