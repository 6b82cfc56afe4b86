import type { Aviso } from '@intranet/contract/alertas';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { alertasAvisos } from '../../db/schema.ts';

/**
 * The items one scan announced, of these kinds (and, for a person, those their codes read), soonest due first,
 * at most `limite`, with how many there are in all. The bell's list, the digest and the webhooks read them here.
 */
export async function avisosDeCorrida(
  db: Executor,
  corridaId: number,
  tipos: readonly string[],
  permisos: readonly string[] | null,
  limite: number,
): Promise<{ items: Aviso[]; total: number }> {
  if (tipos.length === 0 || permisos?.length === 0) return { items: [], total: 0 };
  const rows = await db
    .select({
      tipo: alertasAvisos.tipo,
      titulo: alertasAvisos.titulo,
      vence: alertasAvisos.vence,
      umbral: alertasAvisos.umbral,
      enlace: alertasAvisos.enlace,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(alertasAvisos)
    .where(and(eq(alertasAvisos.corridaId, corridaId), inArray(alertasAvisos.tipo, [...tipos]), permisos ? inArray(alertasAvisos.permiso, [...permisos]) : undefined))
    .orderBy(asc(alertasAvisos.vence), asc(alertasAvisos.tipo), asc(alertasAvisos.titulo))
    .limit(limite);
  return { items: rows.map(({ total: _total, ...item }) => ({ ...item, tipo: item.tipo as Aviso['tipo'] })), total: rows[0]?.total ?? 0 };
}
