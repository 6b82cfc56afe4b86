import { DESARROLLO_ESTADOS, type DesarrolloEstado } from '@intranet/contract/areas/desarrollos';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { desarrollos, usuarios } from '../../db/schema.ts';

/** The user's developments by state (every state, in the board's order, zero included), through their persona. */
export async function misDesarrollos(
  db: Db,
  usuarioId: number,
): Promise<{ persona_id: number | null; estados: { estado: DesarrolloEstado; cantidad: number }[] }> {
  const [cuenta] = await db.select({ personaId: usuarios.personaId }).from(usuarios).where(eq(usuarios.id, usuarioId));
  const personaId = cuenta?.personaId ?? null;
  const filas =
    personaId === null
      ? []
      : await db
          .select({ estado: desarrollos.estado, cantidad: count() })
          .from(desarrollos)
          .where(eq(desarrollos.responsableId, personaId))
          .groupBy(desarrollos.estado);
  const por = new Map(filas.map((f) => [f.estado, f.cantidad]));
  return {
    persona_id: personaId,
    estados: DESARROLLO_ESTADOS.map((estado) => ({ estado, cantidad: por.get(estado) ?? 0 })),
  };
}
