import {
  cuitDigits,
  formatCuit,
  type Cliente,
  type ClienteFila,
  type clienteListQuery,
  type ClienteOpcion,
  type ClienteValues,
} from '@intranet/contract/areas/clientes';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { clienteBusqueda, clientes } from '../../db/schema.ts';
import { columnValues, wireColumns } from '../../db/wire.ts';
import { filasDe } from '../../lists/conteos.ts';
import type { CsvColumnaSql } from '../../lists/csv.ts';
import {
  contarFiltradas,
  likePattern,
  pageOfMatches,
  type ListSource,
  type ListSpec,
  type TodasLasFilas,
} from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';
import { proximoVencimientoJson, proximoVencimientoOrden, proximoVencimientoTexto } from './proximo-vencimiento.ts';

type ClienteListQuery = Omit<z.output<typeof clienteListQuery>, 'page' | 'size'>;

/** The audit entity of a client's history: its own changes, its servers' and its parameters'. */
export const ENTIDAD = 'empresa';

const fila = {
  ...wireColumns(clientes, [
    'id',
    'razon_social',
    'nombre_fantasia',
    'cuit',
    'condicion_iva',
    'localidad',
    'provincia',
    'activo',
    'servidores_count',
    'version_physis',
    'actualizado',
  ]),
  proximo_vencimiento: proximoVencimientoJson(),
};

const completo = {
  ...fila,
  ...wireColumns(clientes, ['email', 'telefono', 'domicilio', 'contacto_id', 'notas', 'fecha_alta', 'creado']),
  contacto_nombre: sql<
    string | null
  >`(select personas.apellido || ', ' || personas.nombre from personas where personas.id = "empresas"."contacto_id")`,
};

const wireFila = <R extends { actualizado: Date }>(row: R) => ({ ...row, actualizado: row.actualizado.toISOString() });
const wire = <R extends { actualizado: Date; creado: Date }>(row: R) => ({
  ...row,
  creado: row.creado.toISOString(),
  actualizado: row.actualizado.toISOString(),
});

/** `q` that looks like (part of) a CUIT: digits, maybe dashes, at least 2 digits. */
export function cuitBuscado(q: string): string | undefined {
  if (!/^[0-9\s.-]+$/.test(q)) return undefined;
  const digits = cuitDigits(q);
  return digits.length >= 2 ? digits : undefined;
}

/** The free search: a CUIT (whole: the unique index; a prefix: btree pattern; a part: trigram) or the names. */
export function busqueda(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const digits = cuitBuscado(q);
  if (digits) {
    if (digits.length === 11) return eq(clientes.cuit, digits);
    // Ten of the eleven digits (a CUIT without its check digit, or without its first): the prefix, or one of ten
    // whole CUITs, all on the unique index; by trigram, ten digits are common trigrams (0.3 s at 1M clients).
    if (digits.length === 10)
      return or(
        sql`${clientes.cuit} like ${`${digits}%`}`,
        inArray(
          clientes.cuit,
          [...'0123456789'].map((d) => `${d}${digits}`),
        ),
      );
    return or(sql`${clientes.cuit} like ${`${digits}%`}`, ilike(clientes.cuit, likePattern(digits)));
  }
  return sql`${clienteBusqueda(clientes)} ilike ${likePattern(q)}`;
}

/**
 * What the client list reads (servers, Physis version, next expiry): its cached answers are dropped when one changes.
 */
export const CLIENTES_LIST_TABLAS = [
  'empresas',
  'servidores_cliente',
  'afip_certificados',
  'afip_puntos_venta',
  'physis_licencias',
  'productos',
] as const;

/**
 * The province filter. Sorted by province the key is `coalesce(provincia, '')`, and the filter on that same
 * expression holds it to one value: the sort's index is read from the province's first entry by id, not past every
 * province before it (200,000–600,000 entries at 1M clients). The planner estimates either form from the same
 * sample (the index expression's statistics), so a total over the cap reads the same.
 */
function provinciaWhere(q: ClienteListQuery): SQL | undefined {
  if (!q.provincia) return undefined;
  return q.sort === 'provincia' || q.sort === '-provincia'
    ? sql`coalesce(${clientes.provincia}, '') = ${q.provincia}`
    : eq(clientes.provincia, q.provincia);
}

export const clientesList: ListSpec<ClienteListQuery> = {
  sorts: {
    ...wireColumns(clientes, ['razon_social', 'cuit', 'activo', 'actualizado']),
    localidad: sql`coalesce(${clientes.localidad}, '')`,
    provincia: sql`coalesce(${clientes.provincia}, '')`,
    // Kept on the client by triggers (migration 0040), each on its index with the id.
    ...wireColumns(clientes, ['servidores_count']),
    version_physis: clientes.versionPhysisOrden,
    proximo_vencimiento: proximoVencimientoOrden(),
  },
  defaultSort: 'razon_social',
  id: clientes.id,
  filters: (q) => [
    busqueda(q.q),
    provinciaWhere(q),
    q.activo === undefined ? undefined : eq(clientes.activo, q.activo),
    q.condicion_iva ? eq(clientes.condicionIva, q.condicion_iva) : undefined,
    q.contacto_id ? eq(clientes.contactoId, q.contacto_id) : undefined,
  ],
  fixedSorts: (q) => (q.provincia ? ['provincia'] : []),
};

/**
 * The page is found on the clients alone (the sort's index, nothing computed for the rows it skips), then only its
 * rows read their next expiry's item. A search finds its matches first by its own index (`matches`).
 */
export const clientesSource = (db: Executor): ListSource<ClienteFila> => ({
  rows: async (f) => {
    const pagina = db
      .select({ id: clientes.id })
      .from(clientes)
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset)
      .as('pagina');
    const rows = await db
      .select({ ...fila, sortKey: f.sortKey })
      .from(pagina)
      .innerJoin(clientes, eq(clientes.id, pagina.id))
      .orderBy(...f.orderBy);
    return rows.map(wireFila);
  },
  count: async (where) =>
    where ? ((await db.select({ n: count() }).from(clientes).where(where))[0]?.n ?? 0) : filasDe(db, 'empresas'),
  ...contarFiltradas(db, (where) => db.select({ id: clientes.id }).from(clientes).where(where)),
  matches: (where, k, limite, pagina) =>
    pageOfMatches(db, db.select({ id: clientes.id, k }).from(clientes).where(where).limit(limite), pagina),
});

export const CONDICION_IVA_NOMBRES: Record<ClienteFila['condicion_iva'], string> = {
  responsable_inscripto: 'Responsable inscripto',
  monotributo: 'Monotributo',
  exento: 'Exento',
  consumidor_final: 'Consumidor final',
  no_responsable: 'No responsable',
};

/**
 * formatCuit in SQL: 11 digits as 20-12345678-9, anything else as it is. "All digits" is what ltrim leaves of them:
 * nothing; the regular expression cost 0.35 s of the CSV's million rows.
 */
const cuitConGuiones = sql<string>`(case when octet_length(${clientes.cuit}) = 11
    and ltrim(${clientes.cuit}, '0123456789') = ''
  then substr(${clientes.cuit}, 1, 2) || '-' || substr(${clientes.cuit}, 3, 8) || '-' || substr(${clientes.cuit}, 11)
  else ${clientes.cuit} end)`;
const condicionIvaNombre = sql<string>`(case ${clientes.condicionIva} ${sql.join(
  Object.entries(CONDICION_IVA_NOMBRES).map(([codigo, nombre]) => sql`when ${codigo} then ${nombre}`),
  sql` `,
)} end)`;

export const clientesCsv: CsvColumnaSql<ClienteFila>[] = [
  { titulo: 'Razón social', valor: (e) => e.razon_social, sql: clientes.razonSocial, tipo: 'texto' },
  { titulo: 'Nombre de fantasía', valor: (e) => e.nombre_fantasia, sql: clientes.nombreFantasia, tipo: 'texto' },
  { titulo: 'CUIT', valor: (e) => formatCuit(e.cuit), sql: cuitConGuiones, tipo: 'texto' },
  {
    titulo: 'Condición IVA',
    valor: (e) => CONDICION_IVA_NOMBRES[e.condicion_iva],
    sql: condicionIvaNombre,
    tipo: 'texto',
  },
  { titulo: 'Localidad', valor: (e) => e.localidad, sql: clientes.localidad, tipo: 'texto' },
  { titulo: 'Provincia', valor: (e) => e.provincia, sql: clientes.provincia, tipo: 'texto' },
  { titulo: 'Servidores', valor: (e) => e.servidores_count, sql: clientes.servidoresCount, tipo: 'numero' },
  { titulo: 'Versión Physis', valor: (e) => e.version_physis, sql: clientes.versionPhysis, tipo: 'texto' },
  {
    titulo: 'Próximo vencimiento',
    valor: (e) => e.proximo_vencimiento?.fecha ?? null,
    sql: proximoVencimientoTexto(),
    tipo: 'texto',
  },
  { titulo: 'Activo', valor: (e) => e.activo, sql: clientes.activo, tipo: 'booleano' },
  { titulo: 'Actualizado', valor: (e) => new Date(e.actualizado), sql: clientes.actualizado, tipo: 'fecha' },
];

/** The whole list for the CSV that PostgreSQL writes: the clients alone, their kept columns (no subquery per row). */
export const clientesTodos =
  (db: Executor): TodasLasFilas =>
  (seleccion, where, orderBy) =>
    db
      .select(seleccion)
      .from(clientes)
      .where(where)
      .orderBy(...orderBy);

export const noExiste = () => new ApiError(404, 'El cliente no existe');

async function clienteRow(db: Executor, id: number, lock = false) {
  if (lock) await db.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, id)).for('update');
  const [row] = await db.select(completo).from(clientes).where(eq(clientes.id, id));
  return row ? wire(row) : undefined;
}

export async function clienteDetalle(db: Executor, id: number): Promise<Cliente> {
  const row = await clienteRow(db, id);
  if (!row) throw noExiste();
  return row;
}

/** Throws 404 unless the client exists (routes under /api/empresas/:id/...). */
export async function clienteExiste(db: Executor, id: number, lock = false): Promise<void> {
  const query = db.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw noExiste();
}

export const OPCIONES_MAX = 50;

/** Clients for a select: by name or CUIT, or one by id. */
export async function clienteOpciones(
  db: Executor,
  q: { q?: string | undefined; id?: number | undefined },
): Promise<ClienteOpcion[]> {
  return db
    .select(wireColumns(clientes, ['id', 'razon_social', 'cuit', 'activo']))
    .from(clientes)
    .where(and(q.id ? eq(clientes.id, q.id) : undefined, busqueda(q.q)))
    .orderBy(asc(clientes.razonSocial), asc(clientes.id))
    .limit(OPCIONES_MAX);
}

/** A client's values as the contract gives them, as its row's columns (creating, editing, importing). */
export const columnasCliente = (v: ClienteValues) => columnValues(clientes, v);

/**
 * The client as its history keeps it: what its form sets. The count of servers, the highest Physis version and
 * the next expiry follow other records (each with its own history); kept here, an old entry would contradict the
 * client's Datos once a server was updated.
 */
export function clienteAuditado(
  e: Cliente,
): Omit<Cliente, 'servidores_count' | 'version_physis' | 'proximo_vencimiento'> {
  const { servidores_count: _servidores, version_physis: _version, proximo_vencimiento: _vencimiento, ...propios } = e;
  return propios;
}

export async function crearCliente(db: Db, values: ClienteValues, autor: Autor | null): Promise<Cliente> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(clientes).values(columnasCliente(values)).returning({ id: clientes.id });
    const creado = (await clienteRow(tx, row!.id))!;
    await writeAudit(tx, {
      autor,
      accion: 'crear',
      entidad: ENTIDAD,
      entidadId: creado.id,
      despues: clienteAuditado(creado),
    });
    return creado;
  });
}

export async function modificarCliente(db: Db, id: number, values: ClienteValues, autor: Autor): Promise<Cliente> {
  return db.transaction(async (tx) => {
    const antes = await clienteRow(tx, id, true);
    if (!antes) throw noExiste();
    await tx
      .update(clientes)
      .set({ ...columnasCliente(values), actualizado: sql`now()` })
      .where(eq(clientes.id, id));
    const despues = (await clienteRow(tx, id))!;
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD,
      entidadId: id,
      antes: clienteAuditado(antes),
      despues: clienteAuditado(despues),
    });
    return despues;
  });
}

/** Deletes the client with its servers and parameters; its contacts (and other areas' rows) refuse it: 409. */
export async function eliminarCliente(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const antes = await clienteRow(tx, id, true);
    if (!antes) throw noExiste();
    await tx.delete(clientes).where(inArray(clientes.id, [id]));
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD, entidadId: id, antes: clienteAuditado(antes) });
  });
}
