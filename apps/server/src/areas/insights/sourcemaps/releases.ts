// The releases sentry-cli creates, finalizes, lists, shows and deletes (`releases new|finalize|list|info|delete`) and
// their deploys (`deploys new|list`), as its routes read and write them.
import type { ReleaseProyecto } from '@intranet/contract/areas/insights';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { insightsDeploys, insightsProyectos, insightsReleases } from '../../../db/schema.ts';

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

/** A deploy as `sentry-cli deploys new` sends it (Sentry's field names). */
export interface DeployPedido {
  environment: string;
  name?: string | null | undefined;
  url?: string | null | undefined;
  dateStarted?: Date | null | undefined;
  dateFinished?: Date | null | undefined;
}

/** A deploy as Sentry's API answers it. */
const deploySentry = (d: typeof insightsDeploys.$inferSelect) => ({
  id: String(d.id),
  environment: d.entorno,
  name: d.nombre,
  url: d.url,
  dateStarted: d.iniciado?.toISOString() ?? null,
  dateFinished: d.terminado.toISOString(),
});

/** `deploys new`: the deploy, recorded on the release in each of its projects; answered as the first one's. */
export async function registrarDeploy(
  db: Executor,
  proyectos: Proyecto[],
  version: string,
  pedido: DeployPedido,
  autor: string,
) {
  const releases = await db
    .select({ id: insightsReleases.id })
    .from(insightsReleases)
    .where(
      and(
        eq(insightsReleases.version, version),
        inArray(
          insightsReleases.proyectoId,
          proyectos.map((p) => p.id),
        ),
      ),
    )
    .orderBy(insightsReleases.proyectoId);
  const filas = await db
    .insert(insightsDeploys)
    .values(
      releases.map((r) => ({
        releaseId: r.id,
        entorno: pedido.environment,
        nombre: pedido.name ?? null,
        url: pedido.url ?? null,
        iniciado: pedido.dateStarted ?? null,
        terminado: pedido.dateFinished ?? new Date(),
        autor,
      })),
    )
    .returning();
  return filas[0] ? deploySentry(filas[0]) : undefined;
}

/** `deploys list`: the release's deploys (in its first project), newest first. */
export async function deploysDe(db: Executor, proyectos: Proyecto[], version: string) {
  const filas = await db
    .select({ d: insightsDeploys })
    .from(insightsDeploys)
    .innerJoin(insightsReleases, eq(insightsReleases.id, insightsDeploys.releaseId))
    .where(and(eq(insightsReleases.version, version), eq(insightsReleases.proyectoId, proyectos[0]?.id ?? 0)))
    .orderBy(desc(insightsDeploys.terminado), desc(insightsDeploys.id));
  return filas.map((f) => deploySentry(f.d));
}
