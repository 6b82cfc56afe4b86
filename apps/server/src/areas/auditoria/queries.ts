import type { AuditRow } from '@intranet/contract/auditoria';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditoria } from '../../db/schema.ts';

/** The history of one record, newest first. */
export async function auditPage(
  db: Executor,
  q: { entidad: string; id: string; page: number; size: number },
): Promise<{ items: AuditRow[]; total: number }> {
  const where = and(eq(auditoria.entidad, q.entidad), eq(auditoria.entidadId, q.id));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditoria.id,
        fecha: auditoria.fecha,
        usuario_nombre: auditoria.usuarioNombre,
        accion: auditoria.accion,
        entidad: auditoria.entidad,
        entidad_id: auditoria.entidadId,
        antes: auditoria.antes,
        despues: auditoria.despues,
      })
      .from(auditoria)
      .where(where)
      .orderBy(desc(auditoria.fecha), desc(auditoria.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(auditoria).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, fecha: r.fecha.toISOString() })), total: total?.n ?? 0 };
}
