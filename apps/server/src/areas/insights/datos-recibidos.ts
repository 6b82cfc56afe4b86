import type { Recibido } from '@intranet/contract/areas/insights';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insightsRecibidos } from '../../db/schema.ts';
import { existeProyecto } from './proyectos.ts';

/** The project's "Datos recibidos" of the last `dias` UTC days (today included), newest day first. */
export async function datosRecibidos(db: Executor, proyectoId: number, dias: number): Promise<Recibido[]> {
  await existeProyecto(db, proyectoId);
  const desde = new Date(Date.now() - (dias - 1) * 86_400_000).toISOString().slice(0, 10);
  return db
    .select({
      dia: sql<string>`to_char(${insightsRecibidos.dia}, 'YYYY-MM-DD')`,
      categoria: insightsRecibidos.categoria,
      resultado: insightsRecibidos.resultado,
      motivo: insightsRecibidos.motivo,
      cantidad: insightsRecibidos.cantidad,
    })
    .from(insightsRecibidos)
    .where(and(eq(insightsRecibidos.proyectoId, proyectoId), gte(insightsRecibidos.dia, desde)))
    .orderBy(
      desc(insightsRecibidos.dia),
      asc(insightsRecibidos.categoria),
      asc(insightsRecibidos.resultado),
      asc(insightsRecibidos.motivo),
    );
}
