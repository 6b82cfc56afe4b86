import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client.ts';

/** The channel the `avisar_cambio()` statement triggers notify (migration 0018). */
export const CANAL_CAMBIOS = 'intranet_cambios';

/** Said instead of a table's name when anything may have changed (a local write, a lost connection). */
export const ALL_TABLES = '*';

/**
 * Told each change: the table (or ALL_TABLES), and whether it is this process's own write announced before its
 * answer leaves (`propio`), which the database announces again, table by table, once it commits.
 */
export type Oyente = (tabla: string, propio: boolean) => void;

/**
 * What changed in the database, as the tables' triggers announce it to every server process. Read caches
 * stay correct across processes by listening here; while the feed is not live, they must not serve.
 */
export class Cambios {
  private readonly oyentes = new Set<Oyente>();
  /** Notifications are flowing: a cache may answer from memory. */
  vivo = false;
  /** Grows with every announcement: a read that began before a change can tell it is stale. */
  generacion = 0;
  /** The generation of each table's latest announcement (for ALL_TABLES: of the latest "anything may have changed"). */
  private readonly ultimas = new Map<string, number>();

  suscribir(oyente: Oyente): () => void {
    this.oyentes.add(oyente);
    return () => this.oyentes.delete(oyente);
  }

  avisar(tabla: string, propio = false): void {
    this.generacion += 1;
    this.ultimas.set(tabla, this.generacion);
    for (const oyente of this.oyentes) oyente(tabla, propio);
  }

  /**
   * One of these tables, or anything, changed after generation `desde`. Only these count: a notification of
   * another table arriving late (PostgreSQL delivers it a moment after commit) must not spoil this read.
   */
  cambioDesde(tablas: Iterable<string>, desde: number): boolean {
    if ((this.ultimas.get(ALL_TABLES) ?? 0) > desde) return true;
    for (const tabla of tablas) if ((this.ultimas.get(tabla) ?? 0) > desde) return true;
    return false;
  }

  estado(vivo: boolean): void {
    this.vivo = vivo;
    this.avisar(ALL_TABLES);
  }
}

/** Starts listening; close() stops. */
export async function escucharCambios(database: Database): Promise<{ cambios: Cambios; close: () => Promise<void> }> {
  const cambios = new Cambios();
  const close = await database.listen(
    CANAL_CAMBIOS,
    (tabla) => cambios.avisar(tabla || ALL_TABLES),
    (vivo) => cambios.estado(vivo),
  );
  return { cambios, close };
}

/** The tables whose changes are announced: those with the `<tabla>_aviso` trigger. */
export async function tablasConAviso(db: Executor): Promise<Set<string>> {
  const { rows } = await db.execute<{ tabla: string }>(sql`
    select c.relname as tabla from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgname = c.relname || '_aviso' and not t.tgisinternal`);
  return new Set(rows.map((r) => r.tabla));
}
