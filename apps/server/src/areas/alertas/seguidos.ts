import type { MisAlertasInput, Seguido } from '@intranet/contract/areas/alertas';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { alertasSeguidos, clientes, insightsProyectos } from '../../db/schema.ts';

type Clase = 'cliente' | 'proyecto';

/** What a follow names, and where its name is: a client by its razón social, a monitor project by its name. */
const TABLAS = {
  cliente: {
    tabla: clientes,
    nombre: clientes.razonSocial,
    id: clientes.id,
    campo: 'clientes',
    noExiste: 'El cliente no existe',
  },
  proyecto: {
    tabla: insightsProyectos,
    nombre: insightsProyectos.nombre,
    id: insightsProyectos.id,
    campo: 'proyectos',
    noExiste: 'El proyecto no existe',
  },
} as const;

/** The clients or projects a person follows that still exist, by name. */
export async function seguidosDe(db: Executor, usuarioId: number, clase: Clase): Promise<Seguido[]> {
  const t = TABLAS[clase];
  return db
    .select({ id: t.id, nombre: t.nombre })
    .from(alertasSeguidos)
    .innerJoin(t.tabla, eq(t.id, alertasSeguidos.refId))
    .where(and(eq(alertasSeguidos.usuarioId, usuarioId), eq(alertasSeguidos.clase, clase)))
    .orderBy(asc(t.nombre));
}

/** The field errors of the follows sent: each id that names no client (or project), by its position. */
export async function erroresDeSeguidos(db: Executor, input: MisAlertasInput): Promise<Record<string, string[]>> {
  const campos: Record<string, string[]> = {};
  for (const clase of ['cliente', 'proyecto'] as const) {
    const t = TABLAS[clase];
    const ids = input[t.campo];
    if (!ids || ids.length === 0) continue;
    const existen = new Set((await db.select({ id: t.id }).from(t.tabla).where(inArray(t.id, ids))).map((f) => f.id));
    ids.forEach((id, i) => {
      if (!existen.has(id)) campos[`${t.campo}.${i}`] = [t.noExiste];
    });
  }
  return campos;
}

/** Replaces the clients (or projects) the person follows with these. */
export async function guardarSeguidos(tx: Tx, usuarioId: number, clase: Clase, ids: readonly number[]): Promise<void> {
  await tx
    .delete(alertasSeguidos)
    .where(and(eq(alertasSeguidos.usuarioId, usuarioId), eq(alertasSeguidos.clase, clase)));
  if (ids.length > 0) await tx.insert(alertasSeguidos).values(ids.map((refId) => ({ usuarioId, clase, refId })));
}
