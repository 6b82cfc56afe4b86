import { type ReleaseProyecto, SALUD_DIAS_LISTA } from '@intranet/contract/areas/insights';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { insightsBundleArchivos, insightsBundles, insightsDeploys, insightsReleases } from '../../db/schema.ts';
import { ApiError } from '../../core/api-error.ts';
import { ENTIDAD_PROYECTO, existeProyecto } from './proyectos.ts';
import { saludDeReleases } from './salud/salud.ts';

// A project's releases: those its events carry and those sentry-cli created, with their bundles.

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Newest first: by last event, else by creation. */
export async function releasesDe(db: Executor, proyectoId: number): Promise<ReleaseProyecto[]> {
  await existeProyecto(db, proyectoId);
  // An issue is new in a release when its first event (the one received at its primera_vez) carries it. Read from
  // insights_eventos_release_idx alone (an index-only scan in release order, migration 0039), not the project's
  // events: 20,000 events of a project beside 200,000 of another, 7.6 ms on PostgreSQL 15.
  const { rows: vistas } = await db.execute<{
    release: string;
    eventos: string | number;
    primero: string;
    ultimo: string;
    nuevos: string | number;
  }>(sql`
    select e.release, count(*) as eventos, min(e.fecha) as primero, max(e.fecha) as ultimo,
      count(distinct e.issue_id) filter (where e.recibido = i.primera_vez) as nuevos
    from insights_eventos e join insights_issues i on i.id = e.issue_id
    where e.proyecto_id = ${proyectoId} and e.release is not null
    group by e.release`);
  const creadas = await db.select().from(insightsReleases).where(eq(insightsReleases.proyectoId, proyectoId));
  const bundles = await db
    .select({
      id: insightsBundles.id,
      release: insightsBundles.release,
      dist: insightsBundles.dist,
      tamano: insightsBundles.tamano,
      creado: insightsBundles.creado,
      url: insightsBundleArchivos.url,
      tipo: insightsBundleArchivos.tipo,
      archivoTamano: insightsBundleArchivos.tamano,
      debugId: insightsBundleArchivos.debugId,
    })
    .from(insightsBundles)
    .leftJoin(insightsBundleArchivos, eq(insightsBundleArchivos.bundleId, insightsBundles.id))
    .where(eq(insightsBundles.proyectoId, proyectoId))
    .orderBy(insightsBundles.id, insightsBundleArchivos.url);
  const deploys = await db
    .select({
      version: insightsReleases.version,
      id: insightsDeploys.id,
      entorno: insightsDeploys.entorno,
      nombre: insightsDeploys.nombre,
      url: insightsDeploys.url,
      iniciado: insightsDeploys.iniciado,
      terminado: insightsDeploys.terminado,
      autor: insightsDeploys.autor,
    })
    .from(insightsDeploys)
    .innerJoin(insightsReleases, eq(insightsReleases.id, insightsDeploys.releaseId))
    .where(eq(insightsReleases.proyectoId, proyectoId))
    .orderBy(desc(insightsDeploys.terminado), desc(insightsDeploys.id));

  const porVersion = new Map<string | null, ReleaseProyecto>();
  const de = (version: string | null): ReleaseProyecto => {
    let r = porVersion.get(version);
    if (!r) {
      r = {
        version,
        creada: null,
        finalizada: null,
        primer_evento: null,
        ultimo_evento: null,
        eventos: 0,
        issues_nuevos: 0,
        bundles: [],
        deploys: [],
        salud: null,
      };
      porVersion.set(version, r);
    }
    return r;
  };
  for (const v of vistas)
    Object.assign(de(v.release), {
      eventos: Number(v.eventos),
      issues_nuevos: Number(v.nuevos),
      primer_evento: iso(v.primero),
      ultimo_evento: iso(v.ultimo),
    });
  for (const c of creadas) Object.assign(de(c.version), { creada: iso(c.creado), finalizada: iso(c.finalizado) });
  for (const b of bundles) {
    const r = de(b.release);
    let bundle = r.bundles.find((x) => x.id === b.id);
    if (!bundle) {
      bundle = { id: b.id, dist: b.dist, tamano: b.tamano, creado: b.creado.toISOString(), archivos: [] };
      r.bundles.push(bundle);
    }
    if (b.url !== null)
      bundle.archivos.push({ url: b.url, tipo: b.tipo ?? '', tamano: b.archivoTamano ?? 0, debug_id: b.debugId });
  }
  for (const { version, ...d } of deploys)
    de(version).deploys.push({ ...d, iniciado: iso(d.iniciado), terminado: d.terminado.toISOString() });
  // Release health: a release seen only in sessions is listed too.
  for (const [version, salud] of await saludDeReleases(db, proyectoId, SALUD_DIAS_LISTA)) de(version).salud = salud;
  const sortKey = (r: ReleaseProyecto) => r.ultimo_evento ?? r.creada ?? r.bundles[0]?.creado ?? '';
  return [...porVersion.values()].sort((a, b) => sortKey(b).localeCompare(sortKey(a)));
}

/**
 * Deletes a release's record and its artifact bundles (their files leave the store with the next sweep); its
 * events and issues stay. `version` null deletes the bundles uploaded without a release.
 */
export async function eliminarRelease(db: Db, proyectoId: number, version: string | null, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    await existeProyecto(tx, proyectoId);
    const deRelease = version === null ? isNull(insightsBundles.release) : eq(insightsBundles.release, version);
    const bundles = await tx
      .delete(insightsBundles)
      .where(and(eq(insightsBundles.proyectoId, proyectoId), deRelease))
      .returning({ id: insightsBundles.id });
    const releases =
      version === null
        ? []
        : await tx
            .delete(insightsReleases)
            .where(and(eq(insightsReleases.proyectoId, proyectoId), eq(insightsReleases.version, version)))
            .returning({ id: insightsReleases.id });
    if (bundles.length === 0 && releases.length === 0)
      throw new ApiError(404, 'La release no tiene registro ni bundles para eliminar');
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD_PROYECTO,
      entidadId: proyectoId,
      antes: { release: version ?? '(sin release)', bundles: bundles.length },
      despues: { release: null },
    });
  });
}
