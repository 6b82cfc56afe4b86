import {
  cuitDigits,
  formatCuit,
  type Empresa,
  type EmpresaFila,
  type empresaListQuery,
  type EmpresaOpcion,
  type EmpresaValues,
} from '@intranet/contract/areas/clientes';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { empresaBusqueda, empresas } from '../../db/schema.ts';
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

type EmpresaListQuery = Omit<z.output<typeof empresaListQuery>, 'page' | 'size'>;

/** The audit entity of a client's history: its own changes, its servers' and its parameters'. */
export const ENTIDAD = 'empresa';

const fila = {
  id: empresas.id,
  razon_social: empresas.razonSocial,
  nombre_fantasia: empresas.nombreFantasia,
  cuit: empresas.cuit,
  condicion_iva: empresas.condicionIva,
  localidad: empresas.localidad,
  provincia: empresas.provincia,
  activo: empresas.activo,
  servidores_count: empresas.servidoresCount,
  version_physis: empresas.versionPhysis,
  proximo_vencimiento: proximoVencimientoJson(),
  actualizado: empresas.actualizado,
};

const completo = {
  ...fila,
  email: empresas.email,
  telefono: empresas.telefono,
  domicilio: empresas.domicilio,
  contacto_id: empresas.contactoId,
  contacto_nombre: sql<
    string | null
  >`(select personas.apellido || ', ' || personas.nombre from personas where personas.id = "empresas"."contacto_id")`,
  notas: empresas.notas,
  fecha_alta: empresas.fechaAlta,
  creado: empresas.creado,
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
    if (digits.length === 11) return eq(empresas.cuit, digits);
    // Ten of the eleven digits (a CUIT without its check digit, or without its first): the prefix, or one of ten
    // whole CUITs, all on the unique index; by trigram, ten digits are common trigrams (0.3 s at 1M clients).
    if (digits.length === 10)
      return or(
        sql`${empresas.cuit} like ${`${digits}%`}`,
        inArray(
          empresas.cuit,
          [...'0123456789'].map((d) => `${d}${digits}`),
        ),
      );
    return or(sql`${empresas.cuit} like ${`${digits}%`}`, ilike(empresas.cuit, likePattern(digits)));
  }
  return sql`${empresaBusqueda(empresas)} ilike ${likePattern(q)}`;
}

/** What the client list reads (servers, Physis version, next expiry): its cached answers are dropped when one changes. */
export const EMPRESAS_LIST_TABLAS = [
  'empresas',
  'servidores_cliente',
  'afip_certificados',
  'afip_puntos_venta',
  'physis_licencias',
  'productos',
] as const;

export const empresasList: ListSpec<EmpresaListQuery> = {
  sorts: {
    razon_social: empresas.razonSocial,
    cuit: empresas.cuit,
    localidad: sql`coalesce(${empresas.localidad}, '')`,
    provincia: sql`coalesce(${empresas.provincia}, '')`,
    // Kept on the client by triggers (migration 0040), each on its index with the id.
    servidores_count: empresas.servidoresCount,
    version_physis: empresas.versionPhysisOrden,
    proximo_vencimiento: proximoVencimientoOrden(),
    activo: empresas.activo,
    actualizado: empresas.actualizado,
  },
  defaultSort: 'razon_social',
  id: empresas.id,
  filters: (q) => [
    busqueda(q.q),
    q.provincia ? eq(empresas.provincia, q.provincia) : undefined,
    q.activo === undefined ? undefined : eq(empresas.activo, q.activo),
    q.condicion_iva ? eq(empresas.condicionIva, q.condicion_iva) : undefined,
    q.contacto_id ? eq(empresas.contactoId, q.contacto_id) : undefined,
  ],
  fixedSorts: (q) => (q.provincia ? ['provincia'] : []),
};

/**
 * The page is found on the clients alone (the sort's index, nothing computed for the rows it skips), then only its
 * rows read their next expiry's item. A search finds its matches first by its own index (`matches`).
 */
export const empresasSource = (db: Executor): ListSource<EmpresaFila> => ({
  rows: async (f) => {
    const pagina = db
      .select({ id: empresas.id })
      .from(empresas)
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset)
      .as('pagina');
    const rows = await db
      .select({ ...fila, sortKey: f.sortKey })
      .from(pagina)
      .innerJoin(empresas, eq(empresas.id, pagina.id))
      .orderBy(...f.orderBy);
    return rows.map(wireFila);
  },
  count: async (where) =>
    where ? ((await db.select({ n: count() }).from(empresas).where(where))[0]?.n ?? 0) : filasDe(db, 'empresas'),
  ...contarFiltradas(db, (where) => db.select({ id: empresas.id }).from(empresas).where(where)),
  matches: (where, k, limite, pagina) =>
    pageOfMatches(db, db.select({ id: empresas.id, k }).from(empresas).where(where).limit(limite), pagina),
});

export const CONDICION_IVA_NOMBRES: Record<EmpresaFila['condicion_iva'], string> = {
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
const cuitConGuiones = sql<string>`(case when octet_length(${empresas.cuit}) = 11 and ltrim(${empresas.cuit}, '0123456789') = '' then substr(${empresas.cuit}, 1, 2) || '-' || substr(${empresas.cuit}, 3, 8) || '-' || substr(${empresas.cuit}, 11) else ${empresas.cuit} end)`;
const condicionIvaNombre = sql<string>`(case ${empresas.condicionIva} ${sql.join(
  Object.entries(CONDICION_IVA_NOMBRES).map(([codigo, nombre]) => sql`when ${codigo} then ${nombre}`),
  sql` `,
)} end)`;

export const empresasCsv: CsvColumnaSql<EmpresaFila>[] = [
  { titulo: 'Razón social', valor: (e) => e.razon_social, sql: empresas.razonSocial, tipo: 'texto' },
  { titulo: 'Nombre de fantasía', valor: (e) => e.nombre_fantasia, sql: empresas.nombreFantasia, tipo: 'texto' },
  { titulo: 'CUIT', valor: (e) => formatCuit(e.cuit), sql: cuitConGuiones, tipo: 'texto' },
  {
    titulo: 'Condición IVA',
    valor: (e) => CONDICION_IVA_NOMBRES[e.condicion_iva],
    sql: condicionIvaNombre,
    tipo: 'texto',
  },
  { titulo: 'Localidad', valor: (e) => e.localidad, sql: empresas.localidad, tipo: 'texto' },
  { titulo: 'Provincia', valor: (e) => e.provincia, sql: empresas.provincia, tipo: 'texto' },
  { titulo: 'Servidores', valor: (e) => e.servidores_count, sql: empresas.servidoresCount, tipo: 'numero' },
  { titulo: 'Versión Physis', valor: (e) => e.version_physis, sql: empresas.versionPhysis, tipo: 'texto' },
  {
    titulo: 'Próximo vencimiento',
    valor: (e) => e.proximo_vencimiento?.fecha ?? null,
    sql: proximoVencimientoTexto(),
    tipo: 'texto',
  },
  { titulo: 'Activo', valor: (e) => e.activo, sql: empresas.activo, tipo: 'booleano' },
  { titulo: 'Actualizado', valor: (e) => new Date(e.actualizado), sql: empresas.actualizado, tipo: 'fecha' },
];

/** The whole list for the CSV that PostgreSQL writes: the clients alone, their kept columns (no subquery per row). */
export const empresasTodas =
  (db: Executor): TodasLasFilas =>
  (seleccion, where, orderBy) =>
    db
      .select(seleccion)
      .from(empresas)
      .where(where)
      .orderBy(...orderBy);

export const noExiste = () => new ApiError(404, 'El cliente no existe');

async function empresaRow(db: Executor, id: number, lock = false) {
  if (lock) await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.id, id)).for('update');
  const [row] = await db.select(completo).from(empresas).where(eq(empresas.id, id));
  return row ? wire(row) : undefined;
}

export async function empresaDetalle(db: Executor, id: number): Promise<Empresa> {
  const row = await empresaRow(db, id);
  if (!row) throw noExiste();
  return row;
}

/** Throws 404 unless the client exists (routes under /api/empresas/:id/...). */
export async function empresaExiste(db: Executor, id: number, lock = false): Promise<void> {
  const query = db.select({ id: empresas.id }).from(empresas).where(eq(empresas.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw noExiste();
}

export const OPCIONES_MAX = 50;

/** Clients for a select: by name or CUIT, or one by id. */
export async function empresaOpciones(
  db: Executor,
  q: { q?: string | undefined; id?: number | undefined },
): Promise<EmpresaOpcion[]> {
  return db
    .select({ id: empresas.id, razon_social: empresas.razonSocial, cuit: empresas.cuit, activo: empresas.activo })
    .from(empresas)
    .where(and(q.id ? eq(empresas.id, q.id) : undefined, busqueda(q.q)))
    .orderBy(asc(empresas.razonSocial), asc(empresas.id))
    .limit(OPCIONES_MAX);
}

/** A client's values as the contract gives them, as its row's columns (creating, editing, importing). */
export const columnasEmpresa = (v: EmpresaValues) => ({
  razonSocial: v.razon_social,
  nombreFantasia: v.nombre_fantasia,
  cuit: v.cuit,
  condicionIva: v.condicion_iva,
  email: v.email,
  telefono: v.telefono,
  domicilio: v.domicilio,
  localidad: v.localidad,
  provincia: v.provincia,
  activo: v.activo,
  contactoId: v.contacto_id,
  notas: v.notas,
});

/**
 * The client as its history keeps it: what its form sets. The count of servers, the highest Physis version and
 * the next expiry follow other records (each with its own history); kept here, an old entry would contradict the
 * client's Datos once a server was updated.
 */
export function empresaAuditada(
  e: Empresa,
): Omit<Empresa, 'servidores_count' | 'version_physis' | 'proximo_vencimiento'> {
  const { servidores_count: _servidores, version_physis: _version, proximo_vencimiento: _vencimiento, ...propios } = e;
  return propios;
}

export async function crearEmpresa(db: Db, values: EmpresaValues, autor: Autor | null): Promise<Empresa> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(empresas).values(columnasEmpresa(values)).returning({ id: empresas.id });
    const creado = (await empresaRow(tx, row!.id))!;
    await writeAudit(tx, {
      autor,
      accion: 'crear',
      entidad: ENTIDAD,
      entidadId: creado.id,
      despues: empresaAuditada(creado),
    });
    return creado;
  });
}

export async function modificarEmpresa(db: Db, id: number, values: EmpresaValues, autor: Autor): Promise<Empresa> {
  return db.transaction(async (tx) => {
    const antes = await empresaRow(tx, id, true);
    if (!antes) throw noExiste();
    await tx
      .update(empresas)
      .set({ ...columnasEmpresa(values), actualizado: sql`now()` })
      .where(eq(empresas.id, id));
    const despues = (await empresaRow(tx, id))!;
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD,
      entidadId: id,
      antes: empresaAuditada(antes),
      despues: empresaAuditada(despues),
    });
    return despues;
  });
}

/** Deletes the client with its servers and parameters; its contacts (and other areas' rows) refuse it: 409. */
export async function eliminarEmpresa(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const antes = await empresaRow(tx, id, true);
    if (!antes) throw noExiste();
    await tx.delete(empresas).where(inArray(empresas.id, [id]));
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD, entidadId: id, antes: empresaAuditada(antes) });
  });
}
