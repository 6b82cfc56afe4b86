import type { AuditRow } from '@intranet/contract/areas/auditoria';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditoria } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import { listPage, type ListSource, type ListSpec } from '../../lists/list.ts';

interface AuditQuery {
  entidad: string;
  id: string;
  page: number;
  size: number;
}

/** One record's history: newest first. */
const auditList: ListSpec<AuditQuery> = {
  sorts: { fecha: auditoria.fecha },
  defaultSort: '-fecha',
  id: auditoria.id,
  filters: (q) => [eq(auditoria.entidad, q.entidad), eq(auditoria.entidadId, q.id)],
};

const auditSource = (db: Executor): ListSource<AuditRow> => ({
  rows: async ({ where, orderBy, limit, offset, sortKey }) => {
    const rows = await db
      .select({
        ...wireColumns(auditoria, [
          'id',
          'fecha',
          'usuario_nombre',
          'accion',
          'entidad',
          'entidad_id',
          'antes',
          'despues',
        ]),
        sortKey,
      })
      .from(auditoria)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ ...r, fecha: r.fecha.toISOString() }));
  },
  count: (where) => db.$count(auditoria, where),
});

/** The history of one record, newest first. */
export const auditPage = (db: Executor, q: AuditQuery): Promise<{ items: AuditRow[]; total: number }> =>
  listPage(auditList, q, auditSource(db));
