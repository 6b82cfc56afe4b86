import {
  direccionUrl,
  type DireccionView,
  type DnsDetalle,
  type DnsEntry,
  type direccionInput,
  type dnsInput,
  type dnsListQuery,
} from '@intranet/contract/areas/servidores/dns';
import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../../db/audit.ts';
import type { Db, Executor, Tx } from '../../../db/client.ts';
import { columnValues, wireColumns } from '../../../db/wire.ts';
import { direcciones, dns, servidores } from '../../../db/schema.ts';
import { filasDe } from '../../../lists/conteos.ts';
import type { CsvColumnaSql } from '../../../lists/csv.ts';
import {
  contarFiltradas,
  pageOfMatches,
  type ListSource,
  type ListSpec,
  type TodasLasFilas,
} from '../../../lists/list.ts';
import { ApiError } from '../../../core/api-error.ts';

type DnsValues = z.output<typeof dnsInput>;
type DireccionValues = z.output<typeof direccionInput>;
type DnsListQuery = Omit<z.output<typeof dnsListQuery>, 'page' | 'size'>;

/** Audit entities of the DNS service. */
export const ENTIDAD_DNS = 'dns';
export const ENTIDAD_DIRECCION = 'direccion';

// Written out: drizzle leaves columns unqualified in a select without joins, and a bare "id" here would be
// the address's.
const direccionesCount = sql<number>`(select count(*)::int from "direcciones"
  where "direcciones"."dns_id" = "dns"."id")`;

const entryCampos = {
  ...wireColumns(dns, ['id', 'host', 'servidor_nombre', 'servidor_id', 'tipo', 'ttl', 'activo']),
  direcciones_count: direccionesCount,
};

/** What the DNS list reads: its cached answers are dropped when one of these changes. */
export const DNS_LIST_TABLAS = ['dns', 'servidores', 'direcciones'] as const;

/** The derived DNS entries across servers: search by host; filters by server, type and state. */
export const dnsList: ListSpec<DnsListQuery> = {
  search: dns.host,
  searchLowercase: true,
  // Every sort key and filter reads dns alone, each sort on an index of its own (the server's name is kept on the
  // entry), so a page is found without a join (see dnsSource).
  sorts: wireColumns(dns, ['host', 'servidor_nombre', 'tipo', 'ttl']),
  defaultSort: 'host',
  id: dns.id,
  filters: (q) => [
    q.servidor_id ? eq(dns.servidorId, q.servidor_id) : undefined,
    q.tipo ? eq(dns.tipo, q.tipo) : undefined,
    q.activo === undefined ? undefined : eq(dns.activo, q.activo),
  ],
  fixedSorts: (q) => (q.tipo ? ['tipo'] : []),
};

/**
 * The page is found on dns alone (its sort index, nothing computed for the rows it skips), then only its rows
 * count their addresses. The total counts dns alone: the kept count when nothing filters, else up to the cap.
 */
export const dnsSource = (db: Executor): ListSource<DnsEntry> => ({
  rows: (f) => {
    const pagina = db
      .select({ id: dns.id })
      .from(dns)
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset)
      .as('pagina');
    return db
      .select({ ...entryCampos, sortKey: f.sortKey })
      .from(pagina)
      .innerJoin(dns, eq(dns.id, pagina.id))
      .orderBy(...f.orderBy);
  },
  count: async (where) =>
    where ? ((await db.select({ n: count() }).from(dns).where(where))[0]?.n ?? 0) : filasDe(db, 'dns'),
  ...contarFiltradas(db, (where) => db.select({ id: dns.id }).from(dns).where(where)),
  matches: (where, k, limite, pagina) =>
    pageOfMatches(db, db.select({ id: dns.id, k }).from(dns).where(where).limit(limite), pagina),
});

/** The whole list for the CSV that PostgreSQL writes: dns alone, each row counting its addresses. */
export const dnsTodas =
  (db: Executor): TodasLasFilas =>
  (campos, where, orderBy) =>
    db
      .select(campos)
      .from(dns)
      .where(where)
      .orderBy(...orderBy);

/**
 * The count for the CSV's million rows: a lookup per entry cost 1.5 s of them, and most entries have no address.
 * PostgreSQL plans this EXISTS as one hashed set of the entries with addresses, and counts only theirs.
 */
const direccionesCsv = sql<number>`(case when exists (select from "direcciones"
    where "direcciones"."dns_id" = "dns"."id")
  then ${direccionesCount} else 0 end)`;

export const dnsCsv: CsvColumnaSql<DnsEntry>[] = [
  { titulo: 'Host', valor: (d) => d.host, sql: dns.host, tipo: 'texto' },
  { titulo: 'Servidor', valor: (d) => d.servidor_nombre, sql: dns.servidorNombre, tipo: 'texto' },
  { titulo: 'Tipo', valor: (d) => d.tipo, sql: dns.tipo, tipo: 'texto' },
  { titulo: 'TTL (segundos)', valor: (d) => d.ttl, sql: dns.ttl, tipo: 'numero' },
  { titulo: 'Activa', valor: (d) => d.activo, sql: dns.activo, tipo: 'booleano' },
  { titulo: 'Direcciones', valor: (d) => d.direcciones_count, sql: direccionesCsv, tipo: 'numero' },
];

/** DNS entries matching `where`, by host. */
export async function dnsEntriesWhere(db: Executor, where: SQL): Promise<DnsEntry[]> {
  return db.select(entryCampos).from(dns).where(where).orderBy(asc(dns.host), asc(dns.id));
}

const noExisteDns = () => new ApiError(404, 'La entrada DNS no existe');
const noExisteDireccion = () => new ApiError(404, 'La dirección no existe');

async function dnsEntry(db: Executor, id: number): Promise<DnsEntry> {
  const [entry] = await dnsEntriesWhere(db, eq(dns.id, id));
  if (!entry) throw noExisteDns();
  return entry;
}

export async function dnsDetalle(db: Executor, id: number): Promise<DnsDetalle> {
  const entry = await dnsEntry(db, id);
  return { ...entry, direcciones: (await direccionesDe(db, [id])).get(id) ?? [] };
}

/** The record as the audit log keeps it: the table's own fields. */
const dnsRecordCampos = wireColumns(dns, ['id', 'servidor_id', 'host', 'tipo', 'ttl', 'activo']);

async function dnsRecord(db: Executor, id: number, lock = false) {
  const query = db.select(dnsRecordCampos).from(dns).where(eq(dns.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The record as its create route writes it to the history (the demo seed writes its history too). */
export const auditadoDe = (db: Executor, id: number) => dnsRecord(db, id);

const dnsColumnas = (v: DnsValues) => columnValues(dns, v);

export async function crearDns(db: Db, values: DnsValues, autor: Autor): Promise<DnsEntry> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(dns).values(dnsColumnas(values)).returning({ id: dns.id });
    const despues = await dnsRecord(tx, row!.id);
    await writeAudit(tx, { autor, accion: 'crear', entidad: ENTIDAD_DNS, entidadId: row!.id, despues });
    return dnsEntry(tx, row!.id);
  });
}

export async function modificarDns(db: Db, id: number, values: DnsValues, autor: Autor): Promise<DnsEntry> {
  return db.transaction(async (tx) => {
    const antes = await dnsRecord(tx, id, true);
    if (!antes) throw noExisteDns();
    await tx
      .update(dns)
      .set({ ...dnsColumnas(values), actualizado: sql`now()` })
      .where(eq(dns.id, id));
    const despues = await dnsRecord(tx, id);
    await writeAudit(tx, { autor, accion: 'modificar', entidad: ENTIDAD_DNS, entidadId: id, antes, despues });
    return dnsEntry(tx, id);
  });
}

/** Deletes DNS entries and their addresses inside the caller's transaction, one audit row for each record. */
export async function eliminarDns(tx: Tx, ids: number[], autor: Autor): Promise<number> {
  if (ids.length === 0) return 0;
  const entries = await tx
    .select(dnsRecordCampos)
    .from(dns)
    .where(inArray(dns.id, ids))
    .orderBy(asc(dns.id))
    .for('update');
  if (entries.length === 0) return 0;
  const dirs = await tx
    .select(direccionRecordCampos)
    .from(direcciones)
    .where(
      inArray(
        direcciones.dnsId,
        entries.map((e) => e.id),
      ),
    )
    .orderBy(asc(direcciones.id));
  if (dirs.length > 0)
    await tx.delete(direcciones).where(
      inArray(
        direcciones.id,
        dirs.map((d) => d.id),
      ),
    );
  await tx.delete(dns).where(
    inArray(
      dns.id,
      entries.map((e) => e.id),
    ),
  );
  for (const d of dirs)
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD_DIRECCION, entidadId: d.id, antes: d });
  for (const e of entries)
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD_DNS, entidadId: e.id, antes: e });
  return entries.length;
}

export async function eliminarDnsEntry(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await eliminarDns(tx, [id], autor)) === 0) throw noExisteDns();
  });
}

/** What the resolver check needs: the host, its type and the IPs and hostname its server should have. */
export async function dnsParaResolver(db: Executor, id: number) {
  const [row] = await db
    .select({
      host: dns.host,
      tipo: dns.tipo,
      ipPublica: servidores.ipPublica,
      ipPrivada: servidores.ipPrivada,
      hostname: servidores.hostname,
    })
    .from(dns)
    .innerJoin(servidores, eq(servidores.id, dns.servidorId))
    .where(eq(dns.id, id));
  if (!row) throw noExisteDns();
  return row;
}

// ---- Addresses ----

const direccionRecordCampos = {
  id: direcciones.id,
  dns: direcciones.dnsId,
  host: direcciones.host,
  port: direcciones.port,
  path: direcciones.path,
};

const view = (d: { id: number; dns: number; host: string; port: number; path: string }): DireccionView => ({
  ...d,
  url: direccionUrl(d),
});

/** The addresses of these DNS entries, by entry, each in the order it was added. */
export async function direccionesDe(db: Executor, dnsIds: number[]): Promise<Map<number, DireccionView[]>> {
  const byDns = new Map<number, DireccionView[]>();
  if (dnsIds.length === 0) return byDns;
  const rows = await db
    .select(direccionRecordCampos)
    .from(direcciones)
    .where(inArray(direcciones.dnsId, dnsIds))
    .orderBy(asc(direcciones.id));
  for (const row of rows) byDns.set(row.dns, [...(byDns.get(row.dns) ?? []), view(row)]);
  return byDns;
}

export async function direccionesDeDns(db: Executor, dnsId: number): Promise<DireccionView[]> {
  if (!(await dnsRecord(db, dnsId))) throw noExisteDns();
  return (await direccionesDe(db, [dnsId])).get(dnsId) ?? [];
}

async function direccionRecord(db: Executor, id: number, lock = false) {
  const query = db.select(direccionRecordCampos).from(direcciones).where(eq(direcciones.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function direccionView(db: Executor, id: number): Promise<DireccionView> {
  const row = await direccionRecord(db, id);
  if (!row) throw noExisteDireccion();
  return view(row);
}

const direccionColumnas = (v: DireccionValues) => ({ dnsId: v.dns, host: v.host, port: v.port, path: v.path });

export async function crearDireccion(db: Db, values: DireccionValues, autor: Autor): Promise<DireccionView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(direcciones).values(direccionColumnas(values)).returning(direccionRecordCampos);
    await writeAudit(tx, { autor, accion: 'crear', entidad: ENTIDAD_DIRECCION, entidadId: row!.id, despues: row });
    return view(row!);
  });
}

export async function modificarDireccion(
  db: Db,
  id: number,
  values: DireccionValues,
  autor: Autor,
): Promise<DireccionView> {
  return db.transaction(async (tx) => {
    const antes = await direccionRecord(tx, id, true);
    if (!antes) throw noExisteDireccion();
    const [row] = await tx
      .update(direcciones)
      .set({ ...direccionColumnas(values), actualizado: sql`now()` })
      .where(eq(direcciones.id, id))
      .returning(direccionRecordCampos);
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD_DIRECCION,
      entidadId: id,
      antes,
      despues: row,
    });
    return view(row!);
  });
}

export async function eliminarDireccion(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const antes = await direccionRecord(tx, id, true);
    if (!antes) throw noExisteDireccion();
    await tx.delete(direcciones).where(eq(direcciones.id, id));
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD_DIRECCION, entidadId: id, antes });
  });
}
