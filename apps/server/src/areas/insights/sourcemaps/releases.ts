// The releases sentry-cli creates, finalizes, lists and shows (`releases new|finalize|list|info`), as its routes read
// and write them.
import type { ReleaseProyecto } from '@intranet/contract/areas/insights';
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

/**
 * A release of the portal's list (its record, its events, its bundles) as Sentry's API answers it: created when
 * recorded, or when its first event came; its last event and the issues it brought.
 */
export function releaseSentry(version: string, r: ReleaseProyecto, proyectos: Proyecto[]) {
  return {
    version,
    shortVersion: version,
    ref: null,
    url: null,
    dateCreated: r.creada ?? r.primer_evento ?? r.bundles[0]?.creado ?? new Date().toISOString(),
    dateReleased: r.finalizada,
    firstEvent: r.primer_evento,
    lastEvent: r.ultimo_evento,
    newGroups: r.issues_nuevos,
    projects: proyectos.map((p) => ({ slug: p.slug, name: p.slug })),
  };
}
