import type { Servidor } from '@intranet/contract/servidores';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dns, servidores } from '../../db/schema.ts';

/** Every own server with its DNS entries: the spec's `{id, nombre, dnss}` plus the server's own fields. */
export async function servidoresConDns(db: Executor): Promise<Servidor[]> {
  const rows = await db
    .select({
      id: servidores.id,
      nombre: servidores.nombre,
      hostname: servidores.hostname,
      ip_publica: servidores.ipPublica,
      ip_privada: servidores.ipPrivada,
      proveedor: servidores.proveedor,
      rol: servidores.rol,
      so: servidores.so,
      estado: servidores.estado,
      notas: servidores.notas,
      creado: servidores.creado,
      actualizado: servidores.actualizado,
    })
    .from(servidores)
    .orderBy(asc(servidores.nombre));
  if (rows.length === 0) return [];
  const entries = await db
    .select({ id: dns.id, host: dns.host, servidorId: dns.servidorId })
    .from(dns)
    .where(inArray(dns.servidorId, rows.map((r) => r.id)))
    .orderBy(asc(dns.host));
  const byServer = new Map<number, { id: number; host: string }[]>();
  for (const { servidorId, ...ref } of entries) {
    byServer.set(servidorId, [...(byServer.get(servidorId) ?? []), ref]);
  }
  return rows.map((r) => ({
    ...r,
    creado: r.creado.toISOString(),
    actualizado: r.actualizado.toISOString(),
    dnss: byServer.get(r.id) ?? [],
  }));
}
