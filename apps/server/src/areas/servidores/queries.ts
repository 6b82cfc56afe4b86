import type { Servidor, servidorInput, ServidorDetalle, servidorListQuery } from '@intranet/contract/areas/servidores';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { columnValues, wireColumns } from '../../db/wire.ts';
import { dns, servidorBusqueda, servidores } from '../../db/schema.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import type { ListSource, ListSpec } from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';
import { direccionesDe, dnsEntriesWhere, eliminarDns } from './dns/queries.ts';

type ServidorValues = z.output<typeof servidorInput>;
type ServidorListQuery = Omit<z.output<typeof servidorListQuery>, 'page' | 'size'>;

/** The audit entity of a server's history. */
export const ENTIDAD = 'servidor';

const campos = wireColumns(servidores);
type Campos = typeof campos;
type ServidorRow = {
  [K in keyof Campos]: Campos[K]['_']['notNull'] extends true ? Campos[K]['_']['data'] : Campos[K]['_']['data'] | null;
};

// Table names written out: drizzle renders a bare select field of a one-table query unqualified, and inside the
// subquery an unqualified "id" would be the DNS entry's own. Written out, it is right wherever it is placed.
const dnsCount = sql<number>`(select count(*) from "dns" where "dns"."servidor_id" = "servidores"."id")`;

const orDefault = (column: AnyPgColumn) => sql`coalesce(${column}, '')`;

/** The servers list: search over name, hostname, IPs, provider and role; filters by state and provider. */
export const servidoresList: ListSpec<ServidorListQuery> = {
  search: servidorBusqueda(servidores),
  sorts: {
    nombre: servidores.nombre,
    hostname: orDefault(servidores.hostname),
    estado: servidores.estado,
    proveedor: orDefault(servidores.proveedor),
    rol: orDefault(servidores.rol),
    actualizado: servidores.actualizado,
    dns_count: dnsCount,
  },
  defaultSort: 'nombre',
  id: servidores.id,
  filters: (q) => [
    q.estado ? eq(servidores.estado, q.estado) : undefined,
    q.proveedor ? sql`lower(${servidores.proveedor}) = lower(${q.proveedor})` : undefined,
  ],
};

const wire = (row: ServidorRow) => ({
  ...row,
  creado: row.creado.toISOString(),
  actualizado: row.actualizado.toISOString(),
});

/**
 * Adds each server's `dnss` ({id, host}, by host) with one query for all of them: the database groups them into
 * one JSON array per server (a page of 25 servers with 100 entries each is 25 rows to read, not 2,500).
 */
async function withDnss<R extends { id: number }>(
  db: Executor,
  rows: R[],
): Promise<(R & { dnss: { id: number; host: string }[] })[]> {
  const byServer = new Map<number, { id: number; host: string }[]>();
  if (rows.length > 0) {
    const grouped = await db
      .select({
        servidorId: dns.servidorId,
        dnss: sql<
          { id: number; host: string }[]
        >`json_agg(json_build_object('id', ${dns.id}, 'host', ${dns.host}) order by ${dns.host}, ${dns.id})`,
      })
      .from(dns)
      .where(
        inArray(
          dns.servidorId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(dns.servidorId);
    for (const { servidorId, dnss } of grouped) byServer.set(servidorId, dnss);
  }
  return rows.map((r) => ({ ...r, dnss: byServer.get(r.id) ?? [] }));
}

/** The list's rows and total, for the page and the CSV export alike. */
export const servidoresSource = (db: Executor): ListSource<Servidor> => ({
  rows: async (f) => {
    const rows = await db
      .select({ ...campos, sortKey: f.sortKey })
      .from(servidores)
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset);
    return withDnss(
      db,
      rows.map((r) => ({ ...wire(r), sortKey: r.sortKey })),
    );
  },
  count: async (where) => (await db.select({ n: count() }).from(servidores).where(where))[0]?.n ?? 0,
});

export const servidoresCsv: CsvColumn<Servidor>[] = [
  { titulo: 'Nombre', valor: (s) => s.nombre },
  { titulo: 'Hostname', valor: (s) => s.hostname },
  { titulo: 'IP pública', valor: (s) => s.ip_publica },
  { titulo: 'IP privada', valor: (s) => s.ip_privada },
  { titulo: 'Proveedor', valor: (s) => s.proveedor },
  { titulo: 'Rol', valor: (s) => s.rol },
  { titulo: 'Sistema operativo', valor: (s) => s.so },
  { titulo: 'Estado', valor: (s) => s.estado },
  { titulo: 'Entradas DNS', valor: (s) => s.dnss.map((d) => d.host).join(' ') },
  { titulo: 'Notas', valor: (s) => s.notas },
  { titulo: 'Creado', valor: (s) => new Date(s.creado) },
  { titulo: 'Actualizado', valor: (s) => new Date(s.actualizado) },
];

/** Every own server with its DNS entries, by name: the spec's `GET /api/servidores`. */
export async function servidoresConDns(db: Executor): Promise<Servidor[]> {
  const rows = await db.select(campos).from(servidores).orderBy(asc(servidores.nombre), asc(servidores.id));
  return withDnss(db, rows.map(wire));
}

async function servidorRow(db: Executor, id: number, lock = false): Promise<ServidorRow | undefined> {
  const query = db.select(campos).from(servidores).where(eq(servidores.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The record as its create route writes it to the history (the demo seed writes its history too). */
export async function auditadoDe(db: Executor, id: number) {
  const row = await servidorRow(db, id);
  return row && wire(row);
}

const noExiste = () => new ApiError(404, 'El servidor no existe');

/** The server with its DNS entries and their addresses. */
export async function servidorDetalle(db: Executor, id: number): Promise<ServidorDetalle> {
  const row = await servidorRow(db, id);
  if (!row) throw noExiste();
  const [servidor] = await withDnss(db, [wire(row)]);
  const entries = await dnsEntriesWhere(db, eq(dns.servidorId, id));
  const direcciones = await direccionesDe(
    db,
    entries.map((e) => e.id),
  );
  return { ...servidor!, dns_entries: entries.map((e) => ({ ...e, direcciones: direcciones.get(e.id) ?? [] })) };
}

/** A server's values as the contract gives them, as its row's columns (creating, editing, importing). */
export const columnasServidor = (v: ServidorValues) => columnValues(servidores, v);

export async function crearServidor(db: Db, values: ServidorValues, autor: Autor): Promise<Servidor> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(servidores).values(columnasServidor(values)).returning(campos);
    const creado = wire(row!);
    await writeAudit(tx, { autor, accion: 'crear', entidad: ENTIDAD, entidadId: creado.id, despues: creado });
    return { ...creado, dnss: [] };
  });
}

export async function modificarServidor(db: Db, id: number, values: ServidorValues, autor: Autor): Promise<Servidor> {
  return db.transaction(async (tx) => {
    const antes = await servidorRow(tx, id, true);
    if (!antes) throw noExiste();
    const [row] = await tx
      .update(servidores)
      .set({ ...columnasServidor(values), actualizado: sql`now()` })
      .where(eq(servidores.id, id))
      .returning(campos);
    const despues = wire(row!);
    await writeAudit(tx, { autor, accion: 'modificar', entidad: ENTIDAD, entidadId: id, antes: wire(antes), despues });
    const [conDns] = await withDnss(tx, [despues]);
    return conDns!;
  });
}

/**
 * Deletes servers inside the caller's transaction. A server with DNS entries goes only with `cascada`,
 * and then its entries and their addresses go with it, each with its own audit row.
 */
async function eliminarEn(tx: Tx, ids: number[], cascada: boolean, autor: Autor): Promise<number> {
  const rows = await tx
    .select(campos)
    .from(servidores)
    .where(inArray(servidores.id, ids))
    .orderBy(asc(servidores.id))
    .for('update');
  if (rows.length === 0) return 0;
  const entries = await tx
    .select({ id: dns.id, servidorId: dns.servidorId })
    .from(dns)
    .where(
      inArray(
        dns.servidorId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(dns.id));
  if (entries.length > 0 && !cascada) {
    const con = rows.filter((r) => entries.some((e) => e.servidorId === r.id)).map((r) => r.nombre);
    throw new ApiError(
      409,
      con.length === 1
        ? `El servidor ${con[0]} tiene entradas DNS; confirme para eliminarlas junto con él`
        : `Los servidores ${con.join(', ')} tienen entradas DNS; confirme para eliminarlas junto con ellos`,
    );
  }
  await eliminarDns(
    tx,
    entries.map((e) => e.id),
    autor,
  );
  await tx.delete(servidores).where(
    inArray(
      servidores.id,
      rows.map((r) => r.id),
    ),
  );
  for (const row of rows) {
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD, entidadId: row.id, antes: wire(row) });
  }
  return rows.length;
}

export async function eliminarServidor(db: Db, id: number, cascada: boolean, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await eliminarEn(tx, [id], cascada, autor)) === 0) throw noExiste();
  });
}

/** Bulk delete: all or none; ids already gone are not counted. */
export async function eliminarServidores(db: Db, ids: number[], cascada: boolean, autor: Autor): Promise<number> {
  return db.transaction((tx) => eliminarEn(tx, [...new Set(ids)], cascada, autor));
}
