import type { Aviso } from '@intranet/contract/areas/alertas';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { alertasAvisos } from '../../db/schema.ts';

/** Whom a list of items is for: their codes, and who they are (for what they follow). */
export interface Lector {
  usuarioId: number;
  permisos: readonly string[];
}

/**
 * The items one scan announced, of these kinds (and, for a person, those their codes read, of the clients and
 * projects they follow when they follow some), soonest due first, at most `limite`, with how many there are in
 * all. The bell's list, the digest and the webhooks read them here.
 */
export async function avisosDeCorrida(
  db: Executor,
  corridaId: number,
  tipos: readonly string[],
  lector: Lector | null,
  limite: number,
): Promise<{ items: Aviso[]; total: number }> {
  if (tipos.length === 0 || lector?.permisos.length === 0) return { items: [], total: 0 };
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
    .where(
      and(
        eq(alertasAvisos.corridaId, corridaId),
        inArray(alertasAvisos.tipo, [...tipos]),
        lector ? inArray(alertasAvisos.permiso, [...lector.permisos]) : undefined,
        lector ? sigue(lector.usuarioId) : undefined,
      ),
    )
    .orderBy(asc(alertasAvisos.vence), asc(alertasAvisos.tipo), asc(alertasAvisos.titulo))
    .limit(limite);
  return {
    items: rows.map(({ total: _total, ...item }) => ({ ...item, tipo: item.tipo as Aviso['tipo'] })),
    total: rows[0]?.total ?? 0,
  };
}

/** Of the clients' items, those of the clients the person follows, if they follow any (likewise for projects). */
function sigue(usuarioId: number): SQL {
  const seguidos = (clase: string, tabla: SQL) =>
    sql`select s.ref_id from alertas_seguidos s where s.usuario_id = ${usuarioId} and s.clase = ${clase}
      and exists (select 1 from ${tabla} t where t.id = s.ref_id)`;
  const clientes = seguidos('cliente', sql`empresas`);
  const proyectos = seguidos('proyecto', sql`insights_proyectos`);
  return sql`(${alertasAvisos.clienteId} is null or not exists (${clientes})
           or ${alertasAvisos.clienteId} in (${clientes}))
         and (${alertasAvisos.proyectoId} is null or not exists (${proyectos})
           or ${alertasAvisos.proyectoId} in (${proyectos}))`;
}
