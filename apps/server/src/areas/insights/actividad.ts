import type { ActividadIssue } from '@intranet/contract/areas/insights';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditoria } from '../../db/schema.ts';
import { comentariosDe } from './comentarios.ts';
import { existeIssue } from './eventos.ts';
import { ENTIDAD_ISSUE } from './issues.ts';

// An issue's activity in one list: its state changes and assignments, from the history, and its comments.

type Ref = { nombre?: unknown } | null | undefined;
type Triage = { estado?: unknown; asignado?: Ref; asignado_rol?: Ref };

const nombre = (r: Ref) => (r && typeof r.nombre === 'string' ? r.nombre : null);
/** The assignee's name; a role reads "rol:Nombre". */
const asignadoDe = (t: Triage) =>
  nombre(t.asignado) ?? (nombre(t.asignado_rol) === null ? null : `rol:${nombre(t.asignado_rol)}`);
const objeto = (v: unknown): Triage => (typeof v === 'object' && v !== null ? (v as Triage) : {});

export async function actividadDe(db: Executor, issueId: number): Promise<ActividadIssue[]> {
  await existeIssue(db, issueId);
  const filas = await db
    .select({
      fecha: auditoria.fecha,
      autor: auditoria.usuarioNombre,
      antes: auditoria.antes,
      despues: auditoria.despues,
    })
    .from(auditoria)
    .where(and(eq(auditoria.entidad, ENTIDAD_ISSUE), eq(auditoria.entidadId, String(issueId))));
  const out: ActividadIssue[] = [];
  for (const f of filas) {
    const antes = objeto(f.antes);
    const despues = objeto(f.despues);
    const base = { fecha: f.fecha.toISOString(), autor: f.autor, texto: null };
    if ('estado' in despues && antes.estado !== despues.estado) {
      out.push({
        ...base,
        tipo: 'estado',
        antes: typeof antes.estado === 'string' ? antes.estado : null,
        despues: typeof despues.estado === 'string' ? despues.estado : null,
      });
    }
    if (('asignado' in despues || 'asignado_rol' in despues) && asignadoDe(antes) !== asignadoDe(despues)) {
      out.push({ ...base, tipo: 'asignacion', antes: asignadoDe(antes), despues: asignadoDe(despues) });
    }
  }
  for (const c of await comentariosDe(db, issueId)) {
    out.push({
      tipo: 'comentario',
      fecha: c.fecha,
      autor: c.usuario?.nombre ?? null,
      antes: null,
      despues: null,
      texto: c.texto,
    });
  }
  return out.sort((a, b) => a.fecha.localeCompare(b.fecha));
}
