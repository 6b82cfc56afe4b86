import { and, asc, eq, inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../../db/client.ts';
import { insightsIssueAlias, insightsIssues } from '../../../db/schema.ts';
import type { EventoAceptado } from '../intake/escritura.ts';
import { esNormalizado, normalizarEvento } from '../intake/normalize.ts';
import { claveResuelta } from './reagrupar.ts';
import { culpritResuelto, type Simbolizador } from './simbolizar.ts';

// Grouping by source-mapped frames when an issue is created. In a project with source maps, an event
// whose key has no issue nor alias yet is about to create one: its frames are resolved first, and if an older
// issue has the same resolved key (another build of the same code) the event's key becomes an alias of it and
// the event joins it; otherwise the new issue is created with its resolved key. Keys already seen take the hot
// path without a lookup; the merge job (reagrupar.ts) still looks at the issues created before their maps came.

/** Keys known to have an issue or an alias, per process: their events are written as they came. */
const CONOCIDAS = 20_000;
/** A known key is looked up again after this long: its issue may have been deleted or merged meanwhile. */
const CONOCIDA_MS = 10 * 60_000;

type Agrupado = Pick<EventoAceptado, 'huellaSimbolica' | 'culpritMapa'>;

export class AgrupacionAlCrear {
  private readonly conocidas = new LRUCache<string, true>({ max: CONOCIDAS, ttl: CONOCIDA_MS });
  /** Keys being resolved: the events of one new key that arrive together resolve it once. */
  private readonly enCurso = new Map<string, Promise<Agrupado>>();

  constructor(
    private readonly db: Db,
    private readonly simbolizador: Simbolizador,
    private readonly onError: (err: unknown) => void,
  ) {}

  /**
   * The events of a project with source maps, those that create an issue carrying its resolved key. An event
   * that joins an older issue goes as it came: the alias written here sends it there.
   */
  async preparar(proyectoId: number, eventos: EventoAceptado[]): Promise<EventoAceptado[]> {
    const dedupeKey = (huella: string) => `${proyectoId}:${huella}`;
    const nuevas = [...new Set(eventos.filter((e) => !this.conocidas.has(dedupeKey(e.huella))).map((e) => e.huella))];
    if (nuevas.length === 0) return eventos;
    const porIssue = this.db
      .select({ huella: insightsIssues.huella })
      .from(insightsIssues)
      .where(and(eq(insightsIssues.proyectoId, proyectoId), inArray(insightsIssues.huella, nuevas)));
    const porAlias = this.db
      .select({ huella: insightsIssueAlias.huella })
      .from(insightsIssueAlias)
      .where(and(eq(insightsIssueAlias.proyectoId, proyectoId), inArray(insightsIssueAlias.huella, nuevas)));
    const existentes = new Set((await porIssue.union(porAlias)).map((r) => r.huella));
    const agrupados = new Map<string, Agrupado>();
    for (const huella of nuevas) {
      if (existentes.has(huella)) {
        this.conocidas.set(dedupeKey(huella), true);
        continue;
      }
      const primero = eventos.find((e) => e.huella === huella)!;
      let enCurso = this.enCurso.get(dedupeKey(huella));
      if (!enCurso) {
        enCurso = this.agrupar(primero).finally(() => {
          this.enCurso.delete(dedupeKey(huella));
          // Its issue or alias exists once this event is written; the merge job covers a write that fails.
          this.conocidas.set(dedupeKey(huella), true);
        });
        this.enCurso.set(dedupeKey(huella), enCurso);
      }
      agrupados.set(huella, await enCurso);
    }
    return eventos.map((e) => {
      const a = agrupados.get(e.huella);
      return a?.huellaSimbolica ? { ...e, ...a } : e;
    });
  }

  /** The new key's first event through the maps: an alias to the older issue with its resolved key, or that key. */
  private async agrupar(e: EventoAceptado): Promise<Agrupado> {
    try {
      const raw: unknown = JSON.parse(e.crudo);
      const excepciones = esNormalizado(raw)
        ? raw.exception
        : normalizarEvento(raw, { ahora: e.recibido, eventIdDefecto: e.eventId }).datos.exception;
      const resueltas = await this.simbolizador.excepciones(e.proyectoId, raw, excepciones, e.release);
      const huellaSimbolica = claveResuelta(resueltas, e);
      // No map served it: created as it came, the merge job looks at it once more.
      if (!huellaSimbolica) return {};
      const [mayor] = await this.db
        .select({ id: insightsIssues.id })
        .from(insightsIssues)
        .where(and(eq(insightsIssues.proyectoId, e.proyectoId), eq(insightsIssues.huellaSimbolica, huellaSimbolica)))
        .orderBy(asc(insightsIssues.id))
        .limit(1);
      if (!mayor) return { huellaSimbolica, culpritMapa: culpritResuelto(resueltas) ?? null };
      await this.db
        .insert(insightsIssueAlias)
        .values({ proyectoId: e.proyectoId, huella: e.huella, issueId: mayor.id })
        .onConflictDoNothing();
      return {};
    } catch (err) {
      // The event is stored all the same, grouped as it came; the merge job is the fallback.
      this.onError(err);
      return {};
    }
  }
}
