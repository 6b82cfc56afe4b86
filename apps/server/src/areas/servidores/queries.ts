import type { ServidorConDns } from '@intranet/contract/servidores';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dns, servidores } from '../../db/schema.ts';

/** Every own server with its DNS entries (spec §7 shape, plus the server's own fields). */
export async function servidoresConDns(db: Executor): Promise<(ServidorConDns & ServidorResumen)[]> {
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
  for (const e of entries) {
    const list = byServer.get(e.servidorId) ?? [];
    list.push({ id: e.id, host: e.host });
    byServer.set(e.servidorId, list);
  }
  return rows.map((r) => ({ ...r, dnss: byServer.get(r.id) ?? [] }));
}

export interface ServidorResumen {
  hostname: string | null;
  ip_publica: string | null;
  ip_privada: string | null;
  proveedor: string | null;
  rol: string | null;
  so: string | null;
  estado: string;
}
