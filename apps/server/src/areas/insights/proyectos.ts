import { randomBytes } from 'node:crypto';
import type { Proyecto, proyectoInput } from '@intranet/contract/areas/insights';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { insightsProyectos } from '../../db/schema.ts';
import { columnValues, wireColumns } from '../../db/wire.ts';
import { ApiError } from '../../core/api-error.ts';

type ProyectoValues = z.output<typeof proyectoInput>;

/** Audit entity of a project's history. */
export const ENTIDAD_PROYECTO = 'insights_proyecto';

/** A fresh DSN key: 32 hex characters, as Sentry's. */
export const newPublicKey = (): string => randomBytes(16).toString('hex');

/**
 * The origin DSNs are built on: PUBLIC_URL when set (behind a proxy the request's host may not be the one
 * clients reach), else the request's own scheme and host.
 */
export interface Origen {
  protocol: string;
  host: string;
}

export function dsnDe(origen: Origen | string, p: { id: number; publicKey: string }): string {
  const base = typeof origen === 'string' ? new URL(origen) : new URL(`${origen.protocol}://${origen.host}`);
  const path = base.pathname.replace(/\/+$/, '');
  return `${base.protocol}//${p.publicKey}@${base.host}${path}/${p.id}`;
}

const campos = {
  ...wireColumns(insightsProyectos, [
    'id',
    'nombre',
    'slug',
    'plataforma',
    'activo',
    'limite_por_minuto',
    'alerta_pico_eventos',
    'alerta_pico_minutos',
    'campos_sensibles',
    'public_key',
    'creado',
    'actualizado',
  ]),
  // Qualified by hand: drizzle writes a one-table query's columns unqualified, and "id" would mean the issue's.
  issues_sin_resolver: sql<number>`(select count(*)::int from insights_issues i
    where i.proyecto_id = insights_proyectos.id and i.estado = 'unresolved')`,
};
type Fila = Awaited<ReturnType<typeof filas>>[number];

const filas = (db: Executor) => db.select(campos).from(insightsProyectos);

const wire = (origen: Origen | string, r: Fila): Proyecto => ({
  ...r,
  dsn: dsnDe(origen, { id: r.id, publicKey: r.public_key }),
  issues_sin_resolver: Number(r.issues_sin_resolver),
  creado: r.creado.toISOString(),
  actualizado: r.actualizado.toISOString(),
});

/** For the audit log: the project without its counters (the key is public by design). */
const auditado = (p: Proyecto) => {
  const { issues_sin_resolver: _n, dsn: _dsn, ...rest } = p;
  return rest;
};

const noExiste = () => new ApiError(404, 'El proyecto no existe');

/** The project's 404 when it is not there: the routes that read something of a project check it first. */
export async function existeProyecto(db: Executor, id: number): Promise<void> {
  const [p] = await db.select({ id: insightsProyectos.id }).from(insightsProyectos).where(eq(insightsProyectos.id, id));
  if (!p) throw noExiste();
}

export async function proyectosLista(db: Executor, origen: Origen | string): Promise<Proyecto[]> {
  const rows = await filas(db).orderBy(asc(insightsProyectos.nombre), asc(insightsProyectos.id));
  return rows.map((r) => wire(origen, r));
}

export async function proyectoDetalle(db: Executor, origen: Origen | string, id: number): Promise<Proyecto> {
  const [row] = await filas(db).where(eq(insightsProyectos.id, id));
  if (!row) throw noExiste();
  return wire(origen, row);
}

const columnas = (v: ProyectoValues) => columnValues(insightsProyectos, v);

export async function crearProyecto(
  db: Db,
  origen: Origen | string,
  v: ProyectoValues,
  autor: Autor,
): Promise<Proyecto> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(insightsProyectos)
      .values({ ...columnas(v), publicKey: newPublicKey() })
      .returning({ id: insightsProyectos.id });
    const creado = await proyectoDetalle(tx, origen, row!.id);
    await writeAudit(tx, {
      autor,
      accion: 'crear',
      entidad: ENTIDAD_PROYECTO,
      entidadId: creado.id,
      despues: auditado(creado),
    });
    return creado;
  });
}

async function cambiar(
  db: Db,
  origen: Origen | string,
  id: number,
  autor: Autor,
  accion: string,
  set: Partial<typeof insightsProyectos.$inferInsert>,
): Promise<Proyecto> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ id: insightsProyectos.id })
      .from(insightsProyectos)
      .where(eq(insightsProyectos.id, id))
      .for('update');
    if (!lock) throw noExiste();
    const antes = await proyectoDetalle(tx, origen, id);
    await tx
      .update(insightsProyectos)
      .set({ ...set, actualizado: sql`now()` })
      .where(eq(insightsProyectos.id, id));
    const despues = await proyectoDetalle(tx, origen, id);
    await writeAudit(tx, {
      autor,
      accion,
      entidad: ENTIDAD_PROYECTO,
      entidadId: id,
      antes: auditado(antes),
      despues: auditado(despues),
    });
    return despues;
  });
}

export const modificarProyecto = (db: Db, origen: Origen | string, id: number, v: ProyectoValues, autor: Autor) =>
  cambiar(db, origen, id, autor, 'modificar', columnas(v));

/** A new key: the old DSN is refused from now on (other server processes within the intake's cache time). */
export const rotarClave = (db: Db, origen: Origen | string, id: number, autor: Autor) =>
  cambiar(db, origen, id, autor, 'rotar_clave', { publicKey: newPublicKey() });

export async function eliminarProyecto(db: Db, origen: Origen | string, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ id: insightsProyectos.id })
      .from(insightsProyectos)
      .where(eq(insightsProyectos.id, id))
      .for('update');
    if (!lock) throw noExiste();
    const antes = await proyectoDetalle(tx, origen, id);
    await tx.delete(insightsProyectos).where(eq(insightsProyectos.id, id));
    await writeAudit(tx, {
      autor,
      accion: 'eliminar',
      entidad: ENTIDAD_PROYECTO,
      entidadId: id,
      antes: auditado(antes),
    });
  });
}

/** The project the portal reports its own errors into, if the seed made one. */
export async function proyectoPropio(
  db: Executor,
): Promise<{ id: number; publicKey: string; activo: boolean } | undefined> {
  const [row] = await db
    .select({ id: insightsProyectos.id, publicKey: insightsProyectos.publicKey, activo: insightsProyectos.activo })
    .from(insightsProyectos)
    .where(eq(insightsProyectos.propio, true))
    .orderBy(asc(insightsProyectos.id))
    .limit(1);
  return row;
}
