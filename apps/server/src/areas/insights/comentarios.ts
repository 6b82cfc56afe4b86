import type { Comentario } from '@intranet/contract/areas/insights';
import { asc, eq } from 'drizzle-orm';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { insightsComentarios, usuarios } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import { ApiError } from '../../core/api-error.ts';
import { existeIssue } from './eventos.ts';

export const ENTIDAD_COMENTARIO = 'insights_comentario';

const campos = {
  ...wireColumns(insightsComentarios, ['id', 'issue_id', 'texto', 'usuario_id']),
  fecha: insightsComentarios.fecha,
  usuario_nombre: usuarios.nombre,
};

const wire = (r: {
  id: number;
  issue_id: number;
  texto: string;
  fecha: Date;
  usuario_id: number | null;
  usuario_nombre: string | null;
}): Comentario => ({
  id: r.id,
  issue_id: r.issue_id,
  texto: r.texto,
  fecha: r.fecha.toISOString(),
  usuario: r.usuario_id === null ? null : { id: r.usuario_id, nombre: r.usuario_nombre ?? '' },
});

const desde = (db: Executor) =>
  db.select(campos).from(insightsComentarios).leftJoin(usuarios, eq(usuarios.id, insightsComentarios.usuarioId));

export async function comentariosDe(db: Executor, issueId: number): Promise<Comentario[]> {
  await existeIssue(db, issueId);
  const rows = await desde(db).where(eq(insightsComentarios.issueId, issueId)).orderBy(asc(insightsComentarios.id));
  return rows.map(wire);
}

export async function comentar(db: Db, issueId: number, texto: string, autor: Autor): Promise<Comentario> {
  return db.transaction(async (tx) => {
    await existeIssue(tx, issueId);
    const [row] = await tx
      .insert(insightsComentarios)
      .values({ issueId, texto, usuarioId: autor.id })
      .returning({ id: insightsComentarios.id });
    const [creado] = await desde(tx).where(eq(insightsComentarios.id, row!.id));
    const comentario = wire(creado!);
    await writeAudit(tx, {
      autor,
      accion: 'crear',
      entidad: ENTIDAD_COMENTARIO,
      entidadId: comentario.id,
      despues: comentario,
    });
    return comentario;
  });
}

export async function eliminarComentario(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await desde(tx).where(eq(insightsComentarios.id, id)).for('update', { of: insightsComentarios });
    if (!row) throw new ApiError(404, 'El comentario no existe');
    await tx.delete(insightsComentarios).where(eq(insightsComentarios.id, id));
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD_COMENTARIO, entidadId: id, antes: wire(row) });
  });
}
