// The releases sentry-cli creates and finalizes (`releases new` / `releases finalize`), as its routes read and write them.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { insightsProyectos, insightsReleases } from '../../../db/schema.ts';

type Proyecto = { id: number; slug: string };

/** `releases new`: the release in each project, kept as it is where it already exists. */
export async function crearRelease(
  db: Executor,
  proyectos: Proyecto[],
  version: string,
  finalizado: Date | null,
): Promise<void> {
  for (const p of proyectos) {
    await db.insert(insightsReleases).values({ proyectoId: p.id, version, finalizado }).onConflictDoNothing();
  }
}

/** `releases finalize`: the release's date in each project, created where it is missing. */
export async function finalizarRelease(
  db: Executor,
  proyectos: Proyecto[],
  version: string,
  finalizado: Date | null,
): Promise<void> {
  for (const p of proyectos) {
    await db
      .insert(insightsReleases)
      .values({ proyectoId: p.id, version, finalizado })
      .onConflictDoUpdate({ target: [insightsReleases.proyectoId, insightsReleases.version], set: { finalizado } });
  }
}

/** The projects that hold a release of this version. */
export async function proyectosDeRelease(db: Executor, version: string): Promise<Proyecto[]> {
  return db
    .select({ id: insightsProyectos.id, slug: insightsProyectos.slug })
    .from(insightsReleases)
    .innerJoin(insightsProyectos, eq(insightsProyectos.id, insightsReleases.proyectoId))
    .where(eq(insightsReleases.version, version));
}

/** A release as Sentry's API answers it (the fields the CLI reads). */
export async function releaseInfo(db: Executor, version: string, proyectos: Proyecto[]) {
  const [r] = await db
    .select({ creado: insightsReleases.creado, finalizado: insightsReleases.finalizado })
    .from(insightsReleases)
    .where(and(eq(insightsReleases.version, version), eq(insightsReleases.proyectoId, proyectos[0]?.id ?? 0)));
  return {
    version,
    shortVersion: version,
    ref: null,
    url: null,
    dateCreated: (r?.creado ?? new Date()).toISOString(),
    dateReleased: r?.finalizado?.toISOString() ?? null,
    lastEvent: null,
    newGroups: 0,
    projects: proyectos.map((p) => ({ slug: p.slug, name: p.slug })),
  };
}
