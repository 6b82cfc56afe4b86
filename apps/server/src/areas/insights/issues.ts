import {
  SPARKLINE_DIAS,
  type Issue,
  type IssueDetalle,
  type IssueEstado,
  type IssueIgnorar,
  type issueListQuery,
  type IssueUpdate,
} from '@intranet/contract/areas/insights';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import {
  insightsComentarios,
  insightsIssueBusqueda,
  insightsIssues,
  insightsProyectos,
  nivelOrden,
  personas,
  roles,
  usuarioRoles,
  usuarios,
} from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import type { CsvColumnaSql } from '../../lists/csv.ts';
import { contarFiltradas, type ListSource, type ListSpec, type TodasLasFilas } from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';
import { eventoDe } from './eventos.ts';
import { camposIgnorada, columnasIgnorada, conFaltan, ignoradaDe, SIN_CONDICION } from './ignorados.ts';
import { culpritResuelto, type Simbolizador } from './sourcemaps/simbolizar.ts';

/** The list's query; `yo` is the signed-in user when `mias` asks for "Mis incidencias". */
type IssueListQuery = Omit<z.output<typeof issueListQuery>, 'page' | 'size'> & { yo?: number | undefined };

export const ENTIDAD_ISSUE = 'insights_issue';

/** The issues list: `q` in title and culprit; filters by state, level, environment, release, project, assignee. */
export const issuesList: ListSpec<IssueListQuery> = {
  searchWhere: (pattern) =>
    sql`${insightsIssues.id} in (select ${insightsIssueBusqueda.issueId} from ${insightsIssueBusqueda}
      where ${insightsIssueBusqueda.texto} ilike ${pattern})`,
  sorts: {
    ...wireColumns(insightsIssues, ['ultima_vez', 'primera_vez', 'cantidad', 'titulo']),
    nivel: nivelOrden(insightsIssues.nivel),
  },
  defaultSort: '-ultima_vez',
  id: insightsIssues.id,
  filters: (q) => [
    q.estado ? eq(insightsIssues.estado, q.estado) : undefined,
    q.nivel ? eq(insightsIssues.nivel, q.nivel) : undefined,
    q.environment ? eq(insightsIssues.environment, q.environment) : undefined,
    q.release ? eq(insightsIssues.release, q.release) : undefined,
    q.proyecto_id ? eq(insightsIssues.proyectoId, q.proyecto_id) : undefined,
    q.asignado_id ? eq(insightsIssues.asignadoId, q.asignado_id) : undefined,
    q.mias && q.yo !== undefined ? asignadasA(q.yo) : undefined,
  ],
  fixedSorts: (q) => (q.nivel ? ['nivel'] : []),
};

/** "Mis incidencias": assigned to the user's persona, or to one of the user's roles. */
const asignadasA = (usuarioId: number) =>
  sql`(${insightsIssues.asignadoId} = (select ${usuarios.personaId} from ${usuarios}
      where ${usuarios.id} = ${usuarioId})
    or ${insightsIssues.asignadoRolId} in (select ${usuarioRoles.rolId} from ${usuarioRoles}
      where ${usuarioRoles.usuarioId} = ${usuarioId}))`;

const campos = {
  ...wireColumns(insightsIssues, [
    'id',
    'proyecto_id',
    'titulo',
    'culprit',
    'culprit_mapa',
    'nivel',
    'estado',
    'cantidad',
    'primera_vez',
    'ultima_vez',
    'release',
    'environment',
    'asignado_id',
    'asignado_rol_id',
    'resuelta_en_release',
  ]),
  proyecto_nombre: insightsProyectos.nombre,
  asignado_nombre: sql<string | null>`${personas.nombre} || ' ' || ${personas.apellido}`,
  asignado_rol_nombre: roles.nombre,
  ...camposIgnorada,
};

/**
 * The last SPARKLINE_DIAS daily counts of the row's issue, today (UTC) last, from the kept per-day counts: a
 * column of the page's own query rather than a query of its own after it (one round trip less per page).
 */
const serie = sql<
  number[]
>`array(select coalesce(d.cantidad, 0)::int from generate_series(${SPARKLINE_DIAS - 1}::int, 0, -1) k
  left join insights_issue_dias d on d.issue_id = ${insightsIssues.id}
    and d.dia = (now() at time zone 'UTC')::date - k order by k desc)`;

const issuesFrom = (db: Executor, sortKey: SQL<string> = sql<string>`''`) =>
  db
    .select({ ...campos, tipo: insightsIssues.tipo, fingerprint: insightsIssues.fingerprint, serie, sortKey })
    .from(insightsIssues)
    .innerJoin(insightsProyectos, eq(insightsProyectos.id, insightsIssues.proyectoId))
    .leftJoin(personas, eq(personas.id, insightsIssues.asignadoId))
    .leftJoin(roles, eq(roles.id, insightsIssues.asignadoRolId));

type Fila = Awaited<ReturnType<typeof issuesFrom>>[number];

const wire = (r: Fila): Issue => ({
  id: r.id,
  proyecto_id: r.proyecto_id,
  proyecto_nombre: r.proyecto_nombre,
  titulo: r.titulo,
  culprit: r.culprit,
  culprit_mapa: r.culprit_mapa,
  nivel: r.nivel,
  estado: r.estado,
  cantidad: Number(r.cantidad),
  primera_vez: r.primera_vez.toISOString(),
  ultima_vez: r.ultima_vez.toISOString(),
  release: r.release,
  environment: r.environment,
  asignado: r.asignado_id === null ? null : { id: r.asignado_id, nombre: r.asignado_nombre ?? '' },
  asignado_rol: r.asignado_rol_id === null ? null : { id: r.asignado_rol_id, nombre: r.asignado_rol_nombre ?? '' },
  resuelta_en_release: r.resuelta_en_release,
  ignorada: ignoradaDe({ ...r, cantidad: Number(r.cantidad) }),
  serie: r.serie.map(Number),
});

/**
 * The page is found on insights_issues alone (its sort index, the filters read from the index), and only its rows
 * are joined to their project and assignee: an OFFSET of 10,000 skips index entries, not 10,000 joined rows.
 */
export const issuesSource = (db: Executor): ListSource<Issue> => ({
  rows: async (f) => {
    const pagina = db
      .select({ id: insightsIssues.id })
      .from(insightsIssues)
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset)
      .as('pagina');
    const rows = await issuesFrom(db, f.sortKey)
      .innerJoin(pagina, eq(pagina.id, insightsIssues.id))
      .orderBy(...f.orderBy);
    return rows.map((r) => ({ ...wire(r), sortKey: r.sortKey }));
  },
  count: async (where) => (await db.select({ n: count() }).from(insightsIssues).where(where))[0]?.n ?? 0,
  ...contarFiltradas(db, (where) => db.select({ id: insightsIssues.id }).from(insightsIssues).where(where)),
  // Counting 100k issues took 15–37 ms of every unfiltered page; "más de 10.000" takes 10,001 index entries.
  countsAllUpTo: true,
  // 'comprobante' is in every title: counting 10,001 of its matches tested 10,001 texts (ILIKE), 95 ms loaded.
  searchCountCap: 1000,
});

export const issuesCsv: CsvColumnaSql<Issue>[] = [
  { titulo: 'Título', valor: (i) => i.titulo, sql: insightsIssues.titulo, tipo: 'texto' },
  {
    titulo: 'Culprit',
    valor: (i) => i.culprit_mapa ?? i.culprit,
    sql: sql<string>`coalesce(${insightsIssues.culpritMapa}, ${insightsIssues.culprit})`,
    tipo: 'texto',
  },
  { titulo: 'Proyecto', valor: (i) => i.proyecto_nombre, sql: insightsProyectos.nombre, tipo: 'texto' },
  { titulo: 'Nivel', valor: (i) => i.nivel, sql: insightsIssues.nivel, tipo: 'texto' },
  { titulo: 'Estado', valor: (i) => i.estado, sql: insightsIssues.estado, tipo: 'texto' },
  { titulo: 'Eventos', valor: (i) => i.cantidad, sql: insightsIssues.cantidad, tipo: 'numero' },
  { titulo: 'Primera vez', valor: (i) => new Date(i.primera_vez), sql: insightsIssues.primeraVez, tipo: 'fecha' },
  { titulo: 'Última vez', valor: (i) => new Date(i.ultima_vez), sql: insightsIssues.ultimaVez, tipo: 'fecha' },
  { titulo: 'Release', valor: (i) => i.release, sql: insightsIssues.release, tipo: 'texto' },
  { titulo: 'Environment', valor: (i) => i.environment, sql: insightsIssues.environment, tipo: 'texto' },
  { titulo: 'Asignado', valor: (i) => i.asignado?.nombre, sql: campos.asignado_nombre, tipo: 'texto' },
  { titulo: 'Equipo asignado', valor: (i) => i.asignado_rol?.nombre, sql: roles.nombre, tipo: 'texto' },
];

/** The whole list for the CSV that PostgreSQL writes: the issues with their project and assignee, no series. */
export const issuesTodas =
  (db: Executor): TodasLasFilas =>
  (seleccion, where, orderBy) =>
    db
      .select(seleccion)
      .from(insightsIssues)
      .innerJoin(insightsProyectos, eq(insightsProyectos.id, insightsIssues.proyectoId))
      .leftJoin(personas, eq(personas.id, insightsIssues.asignadoId))
      .leftJoin(roles, eq(roles.id, insightsIssues.asignadoRolId))
      .where(where)
      .orderBy(...orderBy);

const noExiste = () => new ApiError(404, 'El error no existe');

/** The issue's 404 when it is not there. */
export async function existeIssue(db: Executor, id: number): Promise<void> {
  const [i] = await db.select({ id: insightsIssues.id }).from(insightsIssues).where(eq(insightsIssues.id, id));
  if (!i) throw noExiste();
}

export async function issueDe(db: Executor, id: number): Promise<Issue> {
  const [row] = await issuesFrom(db).where(eq(insightsIssues.id, id));
  if (!row) throw noExiste();
  return wire(row);
}

export async function issueDetalle(db: Executor, id: number, simbolizador?: Simbolizador): Promise<IssueDetalle> {
  const [row] = await issuesFrom(db).where(eq(insightsIssues.id, id));
  if (!row) throw noExiste();
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(insightsComentarios)
    .where(eq(insightsComentarios.issueId, id));
  const ultimo = await eventoDe(db, id, 'latest', simbolizador);
  // The culprit as the maps read the latest event, kept for the list (written only when it changed).
  if (ultimo && simbolizador) {
    const culpritMapa = culpritResuelto(ultimo.exception) ?? null;
    if (culpritMapa !== row.culprit_mapa) {
      await db.update(insightsIssues).set({ culpritMapa }).where(eq(insightsIssues.id, id));
      row.culprit_mapa = culpritMapa;
    }
  }
  const issue = wire(row);
  return {
    ...issue,
    ignorada: await conFaltan(db, id, issue.ignorada ?? null, row.ignorada_tras_evento),
    tipo: row.tipo,
    fingerprint: row.fingerprint,
    comentarios: n,
    ultimo_evento: ultimo,
  };
}

/** For the audit log: what triage changes. */
const triage = (i: Issue) => ({
  estado: i.estado,
  asignado: i.asignado,
  asignado_rol: i.asignado_rol ?? null,
  resuelta_en_release: i.resuelta_en_release ?? null,
});

async function asignableExiste(db: Executor, personaId: number): Promise<void> {
  const [p] = await db.select({ id: personas.id }).from(personas).where(eq(personas.id, personaId));
  if (!p) throw new ApiError(400, 'Datos inválidos', { asignado_id: ['La persona no existe'] });
}

async function rolExiste(db: Executor, rolId: number): Promise<void> {
  const [r] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, rolId));
  if (!r) throw new ApiError(400, 'Datos inválidos', { asignado_rol_id: ['El rol no existe'] });
}

/** The assignee columns for a change: a person or a role, never both (setting one clears the other). */
function asignacion(cambio: {
  asignado_id?: number | null | undefined;
  asignado_rol_id?: number | null | undefined;
}): Partial<typeof insightsIssues.$inferInsert> {
  if (cambio.asignado_id && cambio.asignado_rol_id)
    throw new ApiError(400, 'Datos inválidos', { asignado_rol_id: ['Asigne a una persona o a un rol, no a ambos'] });
  const set: Partial<typeof insightsIssues.$inferInsert> = {};
  if (cambio.asignado_id !== undefined) set.asignadoId = cambio.asignado_id;
  if (cambio.asignado_rol_id !== undefined) set.asignadoRolId = cambio.asignado_rol_id;
  if (cambio.asignado_id) set.asignadoRolId = null;
  if (cambio.asignado_rol_id) set.asignadoId = null;
  return set;
}

export async function modificarIssue(db: Db, id: number, cambio: IssueUpdate, autor: Autor): Promise<Issue> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ id: insightsIssues.id })
      .from(insightsIssues)
      .where(eq(insightsIssues.id, id))
      .for('update');
    if (!lock) throw noExiste();
    if (cambio.asignado_id) await asignableExiste(tx, cambio.asignado_id);
    if (cambio.asignado_rol_id) await rolExiste(tx, cambio.asignado_rol_id);
    const antes = await issueDe(tx, id);
    const set = asignacion(cambio);
    if (cambio.estado !== undefined) {
      set.estado = cambio.estado;
      set.resueltaEnRelease = null;
      set.resueltaEl = null;
      // Ignored this way it is ignored forever (the condition is set by POST …/ignorar).
      Object.assign(set, SIN_CONDICION);
    }
    if (cambio.en_proxima_release) {
      if (cambio.estado !== 'resolved')
        throw new ApiError(400, 'Datos inválidos', {
          en_proxima_release: ['Solo se resuelve en la próxima versión al resolver'],
        });
      if (!antes.release)
        throw new ApiError(400, 'Datos inválidos', {
          en_proxima_release: ['El error no trae release: no hay una próxima versión que esperar'],
        });
      set.resueltaEnRelease = antes.release;
      // A release created or first seen after now is later (Sentry's default order, by date).
      set.resueltaEl = new Date();
    }
    if (Object.keys(set).length > 0) await tx.update(insightsIssues).set(set).where(eq(insightsIssues.id, id));
    const despues = await issueDe(tx, id);
    if (JSON.stringify(triage(antes)) !== JSON.stringify(triage(despues))) {
      await writeAudit(tx, {
        autor,
        accion: 'modificar',
        entidad: ENTIDAD_ISSUE,
        entidadId: id,
        antes: triage(antes),
        despues: triage(despues),
      });
    }
    return despues;
  });
}

/**
 * Bulk resolve / ignore / reopen: all in one transaction, one audit row per issue whose state changed. Ignoring takes
 * a condition (for a while, until N more events or users, forever when none); ignoring an ignored issue again replaces
 * its condition.
 */
export async function cambiarEstados(
  db: Db,
  ids: number[],
  estado: IssueEstado,
  autor: Autor,
  condicion?: IssueIgnorar,
): Promise<number> {
  return db.transaction(async (tx: Tx) => {
    const unicos = [...new Set(ids)].sort((a, b) => a - b);
    const rows = await tx
      .select({ id: insightsIssues.id, estado: insightsIssues.estado })
      .from(insightsIssues)
      .where(inArray(insightsIssues.id, unicos))
      .orderBy(insightsIssues.id)
      .for('update');
    const cambian = condicion ? rows : rows.filter((r) => r.estado !== estado);
    if (cambian.length === 0) return 0;
    const ignorada = condicion ? columnasIgnorada(condicion, new Date()) : SIN_CONDICION;
    await tx
      .update(insightsIssues)
      .set({ estado, resueltaEnRelease: null, resueltaEl: null, ...ignorada })
      .where(
        inArray(
          insightsIssues.id,
          cambian.map((r) => r.id),
        ),
      );
    for (const r of cambian) {
      await writeAudit(tx, {
        autor,
        accion: 'modificar',
        entidad: ENTIDAD_ISSUE,
        entidadId: r.id,
        antes: { estado: r.estado },
        despues: { estado },
      });
    }
    return cambian.length;
  });
}

/** The environments and releases the list's filters offer: those of the issues, most recent first. */
export async function filtros(db: Executor): Promise<{ environments: string[]; releases: string[] }> {
  const valores = async (col: typeof insightsIssues.environment | typeof insightsIssues.release) => {
    const rows = await db
      .select({ v: col, ultima: sql`max(${insightsIssues.ultimaVez})` })
      .from(insightsIssues)
      .where(sql`${col} is not null`)
      .groupBy(col)
      .orderBy(sql`2 desc`)
      .limit(100);
    return rows.map((r) => r.v!).filter(Boolean);
  };
  return { environments: await valores(insightsIssues.environment), releases: await valores(insightsIssues.release) };
}

/** Staff (personas without a client company) who are active, by surname. */
export async function asignables(db: Executor): Promise<{ id: number; nombre: string }[]> {
  return db
    .select({ id: personas.id, nombre: sql<string>`${personas.nombre} || ' ' || ${personas.apellido}` })
    .from(personas)
    .where(and(eq(personas.activo, true), sql`${personas.clienteId} is null`))
    .orderBy(personas.apellido, personas.nombre, personas.id);
}

/** Bulk assign (to a person, a role, or nobody): one transaction, one audit row per issue that changed. */
export async function asignarIssues(
  db: Db,
  ids: number[],
  cambio: { asignado_id: number | null; asignado_rol_id: number | null },
  autor: Autor,
): Promise<number> {
  return db.transaction(async (tx: Tx) => {
    asignacion(cambio);
    if (cambio.asignado_id) await asignableExiste(tx, cambio.asignado_id);
    if (cambio.asignado_rol_id) await rolExiste(tx, cambio.asignado_rol_id);
    const unicos = [...new Set(ids)].sort((a, b) => a - b);
    await tx
      .select({ id: insightsIssues.id })
      .from(insightsIssues)
      .where(inArray(insightsIssues.id, unicos))
      .orderBy(insightsIssues.id)
      .for('update');
    const antes = await issuesFrom(tx).where(inArray(insightsIssues.id, unicos));
    const cambian = antes.filter(
      (r) => r.asignado_id !== cambio.asignado_id || r.asignado_rol_id !== cambio.asignado_rol_id,
    );
    if (cambian.length === 0) return 0;
    await tx
      .update(insightsIssues)
      .set({ asignadoId: cambio.asignado_id, asignadoRolId: cambio.asignado_rol_id })
      .where(
        inArray(
          insightsIssues.id,
          cambian.map((r) => r.id),
        ),
      );
    const despues = new Map(
      (
        await issuesFrom(tx).where(
          inArray(
            insightsIssues.id,
            cambian.map((r) => r.id),
          ),
        )
      ).map((r) => [r.id, r]),
    );
    const asignados = (r: Fila) => {
      const w = wire(r);
      return { asignado: w.asignado, asignado_rol: w.asignado_rol ?? null };
    };
    for (const r of cambian) {
      await writeAudit(tx, {
        autor,
        accion: 'modificar',
        entidad: ENTIDAD_ISSUE,
        entidadId: r.id,
        antes: asignados(r),
        despues: asignados(despues.get(r.id)!),
      });
    }
    return cambian.length;
  });
}

/** The roles an issue may be assigned to as a team, by name. */
export async function rolesAsignables(db: Executor): Promise<{ id: number; nombre: string }[]> {
  return db.select({ id: roles.id, nombre: roles.nombre }).from(roles).orderBy(roles.nombre);
}
