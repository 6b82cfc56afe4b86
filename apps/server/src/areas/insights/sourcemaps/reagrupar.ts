import { createHash } from 'node:crypto';
import type { ExceptionValue } from '@intranet/contract/areas/insights';
import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { TareaDef } from '../../../area.ts';
import type { Executor } from '../../../db/client.ts';
import { insightsBundles, insightsIssueAlias, insightsIssues } from '../../../db/schema.ts';
import { eventoDe } from '../eventos.ts';
import { culpritResuelto, simbolizador, type Simbolizador } from './simbolizar.ts';

// Grouping by source-mapped frames, the fallback: the intake resolves the frames of an event that
// creates an issue in a project with maps (al-crear.ts), so a new build of the same code joins the older issue at
// once. An issue created before its maps were uploaded (or that the intake could not resolve) is looked at here,
// each minute: it gets the key of its first event with the frames resolved, and when that key is an older
// issue's, it joins that one and its own key becomes an alias the intake follows. Two new builds whose first events
// arrive at the same instant (in two processes, or one batch each) can both create an issue with one resolved key:
// the job joins those too, each into the oldest issue with that key.

/** '-': looked at, no key from maps (no map served its top frame, or the event set its own fingerprint). */
const SIN_CLAVE = '-';
/** New issues looked at per run at most. */
const LOTE = 200;

/**
 * The resolved grouping key of an event's outermost exception, as the intake's default one, or undefined: when no
 * map served its top frame, or when the event was grouped by a fingerprint of its own (its key stays that one).
 */
export function claveResuelta(
  excepciones: ExceptionValue[],
  agrupado: { fingerprint: string[]; culprit: string },
): string | undefined {
  const exterior = excepciones.at(-1);
  if (!exterior) return undefined;
  // Grouped by the default key (type, value, culprit as sent), not by a fingerprint the event set itself.
  if (
    JSON.stringify(agrupado.fingerprint) !==
    JSON.stringify([exterior.type ?? '', exterior.value ?? '', agrupado.culprit])
  )
    return undefined;
  const culprit = culpritResuelto(excepciones);
  if (!culprit) return undefined;
  return createHash('sha256')
    .update(JSON.stringify([exterior.type ?? '', exterior.value ?? '', culprit]))
    .digest('hex');
}

/** Moves issue `de` into `a`: its events, daily counts and comments; its key becomes an alias of `a`. */
async function unir(db: Executor, de: { id: number; proyectoId: number; huella: string }, a: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [x, y] = [de.id, a].sort((m, n) => m - n);
    await tx
      .select({ id: insightsIssues.id })
      .from(insightsIssues)
      .where(inArray(insightsIssues.id, [x!, y!]))
      .orderBy(insightsIssues.id)
      .for('update');
    await tx.execute(sql`update insights_eventos set issue_id = ${a} where issue_id = ${de.id}`);
    await tx.execute(sql`
      insert into insights_issue_dias as d (issue_id, dia, cantidad)
      select ${a}, dia, cantidad from insights_issue_dias where issue_id = ${de.id}
      on conflict (issue_id, dia) do update set cantidad = d.cantidad + excluded.cantidad`);
    await tx.execute(sql`update insights_comentarios set issue_id = ${a} where issue_id = ${de.id}`);
    // The older issue counts the newer one's events; resolved, it reopens as any new event would reopen it (in the
    // next release: an event of a release created or first seen after the resolution).
    const reabre = sql`(t.estado = 'resolved' and (t.resuelta_en_release is null
      or n.release is not null and n.release <> t.resuelta_en_release
      and insights_release_posterior(t.proyecto_id, n.release, t.resuelta_el)))`;
    await tx.execute(sql`
      update insights_issues t set
        cantidad = t.cantidad + n.cantidad,
        primera_vez = least(t.primera_vez, n.primera_vez),
        ultima_vez = greatest(t.ultima_vez, n.ultima_vez),
        release = coalesce(n.release, t.release),
        estado = case when ${reabre} then 'unresolved' else t.estado end,
        reabierta = case when ${reabre} then now() else t.reabierta end,
        resuelta_en_release = case when ${reabre} then null else t.resuelta_en_release end,
        resuelta_el = case when ${reabre} then null else t.resuelta_el end
      from insights_issues n where t.id = ${a} and n.id = ${de.id}`);
    await tx
      .insert(insightsIssueAlias)
      .values({ proyectoId: de.proyectoId, huella: de.huella, issueId: a })
      .onConflictDoUpdate({ target: [insightsIssueAlias.proyectoId, insightsIssueAlias.huella], set: { issueId: a } });
    // Aliases that pointed at the newer issue follow it.
    await tx.update(insightsIssueAlias).set({ issueId: a }).where(eq(insightsIssueAlias.issueId, de.id));
    await tx.delete(insightsIssues).where(eq(insightsIssues.id, de.id));
  });
}

/**
 * Issues that share a resolved key with an older issue of their project (created at the same instant by two new
 * builds): each joins the oldest one. Answers how many joined. The partial index on (proyecto_id, huella_simbolica)
 * serves the grouping, over the issues of projects with maps only.
 */
async function unirRepetidas(db: Executor): Promise<number> {
  const repetidas = await db
    .select({ proyectoId: insightsIssues.proyectoId, huellaSimbolica: insightsIssues.huellaSimbolica })
    .from(insightsIssues)
    .where(and(isNotNull(insightsIssues.huellaSimbolica), ne(insightsIssues.huellaSimbolica, SIN_CLAVE)))
    .groupBy(insightsIssues.proyectoId, insightsIssues.huellaSimbolica)
    .having(sql`count(*) > 1`)
    .limit(LOTE);
  let unidos = 0;
  for (const r of repetidas) {
    const [mayor, ...nuevas] = await db
      .select({ id: insightsIssues.id, proyectoId: insightsIssues.proyectoId, huella: insightsIssues.huella })
      .from(insightsIssues)
      .where(and(eq(insightsIssues.proyectoId, r.proyectoId), eq(insightsIssues.huellaSimbolica, r.huellaSimbolica!)))
      .orderBy(asc(insightsIssues.id));
    for (const nueva of nuevas) {
      await unir(db, nueva, mayor!.id);
      unidos += 1;
    }
  }
  return unidos;
}

/**
 * Looks at the issues not yet looked at in projects with source maps: each gets its resolved key, or joins the
 * oldest issue that has it; then joins the issues that got one key at the same instant. Answers how many were
 * looked at and how many joined another.
 */
export async function reagruparNuevos(db: Executor, s: Simbolizador): Promise<{ vistos: number; unidos: number }> {
  const conMapas = db.selectDistinct({ id: insightsBundles.proyectoId }).from(insightsBundles);
  const nuevos = await db
    .select({
      id: insightsIssues.id,
      proyectoId: insightsIssues.proyectoId,
      huella: insightsIssues.huella,
      fingerprint: insightsIssues.fingerprint,
      culprit: insightsIssues.culprit,
    })
    .from(insightsIssues)
    .where(and(isNull(insightsIssues.huellaSimbolica), inArray(insightsIssues.proyectoId, conMapas)))
    .orderBy(asc(insightsIssues.id))
    .limit(LOTE);
  let unidos = 0;
  for (const issue of nuevos) {
    const evento = await eventoDe(db, issue.id, 'oldest', s);
    const clave = evento ? claveResuelta(evento.exception, issue) : undefined;
    if (clave) {
      const [mayor] = await db
        .select({ id: insightsIssues.id })
        .from(insightsIssues)
        .where(
          and(
            eq(insightsIssues.proyectoId, issue.proyectoId),
            eq(insightsIssues.huellaSimbolica, clave),
            lt(insightsIssues.id, issue.id),
          ),
        )
        .orderBy(asc(insightsIssues.id))
        .limit(1);
      if (mayor) {
        await unir(db, issue, mayor.id);
        unidos += 1;
        continue;
      }
    }
    // The culprit the list shows: its first event's top in-app frame as the maps read it.
    await db
      .update(insightsIssues)
      .set({
        huellaSimbolica: clave ?? SIN_CLAVE,
        culpritMapa: evento ? (culpritResuelto(evento.exception) ?? null) : null,
      })
      .where(eq(insightsIssues.id, issue.id));
  }
  unidos += await unirRepetidas(db);
  return { vistos: nuevos.length, unidos };
}

/** Each minute: the issues of projects with source maps that the intake left without a resolved key, grouped by it. */
export const reagruparConMapas: TareaDef = {
  nombre: 'insights-reagrupar',
  titulo: 'Agrupar errores nuevos por sus source maps',
  descripcion:
    'Resuelve con los source maps el primer evento de cada error que la ingesta no pudo agrupar por ellos (creado antes de que se subieran sus mapas); si coincide con un error anterior (otra compilación del mismo código), lo une a ese.',
  cron: () => '* * * * *',
  programacion: () => 'Cada minuto',
  ejecutar: async ({ db, store }) => {
    const r = await reagruparNuevos(db, simbolizador(db, store));
    if (r.vistos === 0 && r.unidos === 0) return 'No había errores nuevos en proyectos con source maps.';
    return `${r.vistos === 1 ? 'Se miró 1 error nuevo' : `Se miraron ${r.vistos} errores nuevos`}; ${r.unidos === 1 ? '1 se unió' : `${r.unidos} se unieron`} a uno anterior.`;
  },
};
