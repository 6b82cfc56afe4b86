import type { Paquete, PaqueteLast } from '@intranet/contract/paquetes';
import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paquetes } from '../../db/schema.ts';

const newestFirst = [desc(paquetes.fecha), desc(paquetes.id)] as const;

export async function paquetesList(db: Executor): Promise<Paquete[]> {
  const rows = await db
    .select({
      id: paquetes.id,
      nombre: paquetes.nombre,
      producto: paquetes.producto,
      version: paquetes.version,
      canal: paquetes.canal,
      fecha: paquetes.fecha,
      notas: paquetes.notas,
    })
    .from(paquetes)
    .orderBy(...newestFirst);
  return rows.map((r) => ({ ...r, fecha: r.fecha.toISOString() }));
}

/** The newest package, for the top bar; null when there is none yet. */
export async function paquetesLast(db: Executor): Promise<PaqueteLast | null> {
  const [row] = await db
    .select({ nombre: paquetes.nombre, fecha: paquetes.fecha })
    .from(paquetes)
    .orderBy(...newestFirst)
    .limit(1);
  return row ? { nombre: row.nombre, fecha: row.fecha.toISOString() } : null;
}
