import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insightsProyectos } from '../../db/schema.ts';
import { diskStore } from '../../storage/disk.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';
import { RELEASE_MAPEADA, seedMapasDemo } from './seed-mapas.ts';
import { reagruparNuevos } from './sourcemaps/reagrupar.ts';
import { simbolizador } from './sourcemaps/simbolizar.ts';

// The tests' template is seeded without a file store; a start-up seed (main.ts) has one and adds the client
// portal's minified build with its source maps, and errors thrown from it.
describe("the demo's minified build, with its source maps", () => {
  let proyectoId: number;
  const ctx = freshApp(useTemplate(), ['admin'], {
    tmpFiles: 'intranet-semilla-mapas-',
    setup: async ({ t }) => {
      const [p] = await t.db
        .select({ id: insightsProyectos.id })
        .from(insightsProyectos)
        .where(eq(insightsProyectos.slug, 'portal-clientes'));
      proyectoId = p!.id;
      const store = diskStore(t.config.filesDir);
      await t.db.transaction(async (tx) => {
        await seedMapasDemo(tx, store, proyectoId);
        await reagruparNuevos(tx, simbolizador(tx, store));
      });
    },
  });

  it('shows the stack trace resolved to the TypeScript, the minified frame beside it, and the bundle in the Releases tab', async () => {
    const lista = (
      await ctx.t.app.inject({ url: `/api/insights/issues?proyecto_id=${proyectoId}&size=50`, headers: ctx.admin })
    ).json().datos.items as {
      id: number;
      culprit_mapa: string | null;
      cantidad: number;
    }[];
    const issue = lista.find((i) => i.culprit_mapa === 'src/clientes/cuit.ts in validarCuit');
    expect(issue).toMatchObject({ cantidad: 9 });

    const evento = (
      await ctx.t.app.inject({ url: `/api/insights/issues/${issue!.id}/eventos/latest`, headers: ctx.admin })
    ).json().datos;
    const frames = evento.exception.at(-1).frames;
    expect(frames.at(-1)).toMatchObject({
      filename: 'src/clientes/cuit.ts',
      function: 'validarCuit',
      lineno: 15,
      context_line: "  const cuit = cliente.datos!.cuit.replaceAll('-', '');",
      sourcemap: { resuelto: true, motivo: null, minificado: { function: 'v', lineno: 1 } },
    });
    expect(frames.at(-2)).toMatchObject({ filename: 'src/clientes/ClienteForm.tsx', function: 'enviar', lineno: 8 });
    // The library's frame has no map and is not the app's: left as it came.
    expect(frames.at(0)).toMatchObject({ function: 'Sb', in_app: false });
    expect(frames.at(0).sourcemap ?? null).toBeNull();

    const releases = (
      await ctx.t.app.inject({ url: `/api/insights/proyectos/${proyectoId}/releases`, headers: ctx.admin })
    ).json().datos as {
      version: string;
      bundles: { archivos: { url: string }[] }[];
    }[];
    const mapeada = releases.find((r) => r.version === RELEASE_MAPEADA);
    expect(mapeada?.bundles.map((b) => b.archivos.map((a) => a.url))).toEqual([
      ['~/assets/index-4f2a9c1e.js', '~/assets/index-4f2a9c1e.js.map'],
    ]);
  });
});
