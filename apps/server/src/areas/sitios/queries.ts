import type {
  Sitio,
  SitioEstado,
  SitioFila,
  sitioListQuery,
  SitioOpciones,
  SitioValues,
} from '@intranet/contract/areas/sitios';
import { DIAS_CRITICO, DIAS_PROXIMO, type VencimientoEstado } from '@intranet/contract/areas/clientes/vencimientos';
import { asc, count, eq, inArray, isNull, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { columnValues, wireColumns } from '../../db/wire.ts';
import { dns, clientes, servidores, sitioBusqueda, sitios } from '../../db/schema.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import type { ListSource, ListSpec } from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';
import { HOY } from '../../core/fechas.ts';

type SitioListQuery = Omit<z.output<typeof sitioListQuery>, 'page' | 'size'>;

/** The audit entity of a site's history. */
export const ENTIDAD = 'sitio';

/** Days from today (Buenos Aires) to a date column; null when the date is. */
export const diasHasta = (column: SQLWrapper) => sql<number | null>`(${column} - ${HOY})::int`;

/**
 * The shared expiry rule (`estadoVencimiento`, contract vencimientos.ts) as a condition on a days expression:
 * the same boundaries, read from the same constants.
 */
export function estadoVencimientoWhere(dias: SQL, estado: VencimientoEstado): SQL {
  switch (estado) {
    case 'vencido':
      return sql`${dias} < 0`;
    case 'critico':
      return sql`${dias} between 0 and ${DIAS_CRITICO}`;
    case 'proximo':
      return sql`${dias} between ${DIAS_CRITICO + 1} and ${DIAS_PROXIMO}`;
    case 'vigente':
      return sql`${dias} > ${DIAS_PROXIMO}`;
  }
}

const fila = {
  ...wireColumns(sitios, [
    'id',
    'nombre',
    'url',
    'empresa_id',
    'servidor_id',
    'dns_id',
    'estado',
    'ssl_vence',
    'ssl_emisor',
    'dominio_vence',
    'registrador',
    'verificado_en',
    'verificacion_resultado',
    'verificacion_mensaje',
    'creado',
    'actualizado',
  ]),
  cliente: clientes.razonSocial,
  servidor: servidores.nombre,
  dns_host: dns.host,
  ssl_dias: diasHasta(sitios.sslVence),
  dominio_dias: diasHasta(sitios.dominioVence),
};
const completo = { ...fila, notas: sitios.notas };

type Instantes = { creado: Date; actualizado: Date; verificado_en: Date | null };
const wire = <R extends Instantes>(row: R) => ({
  ...row,
  creado: row.creado.toISOString(),
  actualizado: row.actualizado.toISOString(),
  verificado_en: row.verificado_en?.toISOString() ?? null,
});

/** The site's nearest expiry, SSL or domain (`least` skips nulls). */
const proximoDias = diasHasta(sql`least(${sitios.sslVence}, ${sitios.dominioVence})`);
const SIN_FECHA = sql`'9999-12-31'::date`;

/** The sites list: search over name, URL, registrar and client; filters by client, own, server, state, expiry. */
export const sitiosList: ListSpec<SitioListQuery> = {
  search: sql`(${sitioBusqueda(sitios)} || ' ' || coalesce(${clientes.razonSocial}, ''))`,
  sorts: {
    ...wireColumns(sitios, ['nombre', 'url', 'estado', 'actualizado']),
    cliente: sql`coalesce(${clientes.razonSocial}, '')`,
    servidor: sql`coalesce(${servidores.nombre}, '')`,
    ssl_vence: sql`coalesce(${sitios.sslVence}, ${SIN_FECHA})`,
    dominio_vence: sql`coalesce(${sitios.dominioVence}, ${SIN_FECHA})`,
    verificado_en: sql`coalesce(${sitios.verificadoEn}, '-infinity'::timestamptz)`,
  },
  defaultSort: 'nombre',
  id: sitios.id,
  filters: (q) => [
    q.empresa_id ? eq(sitios.clienteId, q.empresa_id) : undefined,
    q.propios === undefined ? undefined : q.propios ? isNull(sitios.clienteId) : isNotNull(sitios.clienteId),
    q.servidor_id ? eq(sitios.servidorId, q.servidor_id) : undefined,
    q.estado ? eq(sitios.estado, q.estado) : undefined,
    q.vencimiento ? estadoVencimientoWhere(proximoDias, q.vencimiento) : undefined,
  ],
};

/** The whole site with its client, server and DNS names. */
const desde = (db: Executor) =>
  db
    .select(completo)
    .from(sitios)
    .leftJoin(clientes, eq(clientes.id, sitios.clienteId))
    .leftJoin(servidores, eq(servidores.id, sitios.servidorId))
    .leftJoin(dns, eq(dns.id, sitios.dnsId));

export const sitiosSource = (db: Executor): ListSource<SitioFila> => ({
  rows: async (f) => {
    const rows = await db
      .select({ ...fila, sortKey: f.sortKey })
      .from(sitios)
      .leftJoin(clientes, eq(clientes.id, sitios.clienteId))
      .leftJoin(servidores, eq(servidores.id, sitios.servidorId))
      .leftJoin(dns, eq(dns.id, sitios.dnsId))
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset);
    return rows.map(wire);
  },
  count: async (where) =>
    (await db.select({ n: count() }).from(sitios).leftJoin(clientes, eq(clientes.id, sitios.clienteId)).where(where))[0]
      ?.n ?? 0,
});

export const ESTADO_NOMBRES: Record<SitioEstado, string> = {
  activo: 'Activo',
  mantenimiento: 'Mantenimiento',
  caido: 'Caído',
  baja: 'Baja',
};

export const sitiosCsv: CsvColumn<SitioFila>[] = [
  { titulo: 'Nombre', valor: (s) => s.nombre },
  { titulo: 'URL', valor: (s) => s.url },
  { titulo: 'Cliente', valor: (s) => s.cliente ?? 'Propio' },
  { titulo: 'Servidor', valor: (s) => s.servidor },
  { titulo: 'DNS', valor: (s) => s.dns_host },
  { titulo: 'Estado', valor: (s) => ESTADO_NOMBRES[s.estado] },
  { titulo: 'SSL vence', valor: (s) => s.ssl_vence },
  { titulo: 'Emisor SSL', valor: (s) => s.ssl_emisor },
  { titulo: 'Dominio vence', valor: (s) => s.dominio_vence },
  { titulo: 'Registrador', valor: (s) => s.registrador },
  { titulo: 'Última verificación', valor: (s) => (s.verificado_en ? new Date(s.verificado_en) : null) },
  { titulo: 'Resultado', valor: (s) => s.verificacion_mensaje },
  { titulo: 'Actualizado', valor: (s) => new Date(s.actualizado) },
];

const noExiste = () => new ApiError(404, 'El sitio no existe');

/**
 * A site as its history records it: names rather than ids, and without what only derives from the day
 * (days left) or is the audit row's own time (last check), so a diff shows only what changed.
 */
export function paraAuditoria(s: Sitio) {
  const {
    ssl_dias: _s,
    dominio_dias: _d,
    empresa_id: _e,
    servidor_id: _sv,
    dns_id: _dn,
    verificado_en: _v,
    ...resto
  } = s;
  return resto;
}

export async function sitioRow(db: Executor, id: number): Promise<Sitio | undefined> {
  const [row] = await desde(db).where(eq(sitios.id, id));
  return row && wire(row);
}

/** The record as its create route writes it to the history (the demo seed writes its history too). */
export async function auditadoDe(db: Executor, id: number) {
  const sitio = await sitioRow(db, id);
  return sitio && paraAuditoria(sitio);
}

export async function sitioDetalle(db: Executor, id: number): Promise<Sitio> {
  const row = await sitioRow(db, id);
  if (!row) throw noExiste();
  return row;
}

/** The own servers with their DNS entries, by name, for the form and the list filter. */
export async function sitioOpciones(db: Executor): Promise<SitioOpciones> {
  const rows = await db
    .select({ id: servidores.id, nombre: servidores.nombre, dnsId: dns.id, host: dns.host })
    .from(servidores)
    .leftJoin(dns, eq(dns.servidorId, servidores.id))
    .orderBy(asc(servidores.nombre), asc(servidores.id), asc(dns.host));
  const porId = new Map<number, SitioOpciones['servidores'][number]>();
  for (const r of rows) {
    const s = porId.get(r.id) ?? { id: r.id, nombre: r.nombre, dnss: [] };
    porId.set(r.id, s);
    if (r.dnsId !== null && r.host !== null) s.dnss.push({ id: r.dnsId, host: r.host });
  }
  return { servidores: [...porId.values()] };
}

/**
 * The DNS entry must exist and belong to the chosen server; with no server chosen, the entry's server is
 * the site's (a DNS entry always lives on one server).
 */
async function conServidorDeDns(tx: Executor, values: SitioValues): Promise<SitioValues> {
  if (values.dns_id === null) return values;
  const [entrada] = await tx
    .select({ servidorId: dns.servidorId, host: dns.host, servidor: servidores.nombre })
    .from(dns)
    .innerJoin(servidores, eq(servidores.id, dns.servidorId))
    .where(eq(dns.id, values.dns_id));
  if (!entrada)
    throw new ApiError(400, 'La entrada DNS elegida no existe', { dns_id: ['La entrada DNS elegida no existe'] });
  if (values.servidor_id === null) return { ...values, servidor_id: entrada.servidorId };
  if (entrada.servidorId !== values.servidor_id) {
    const mensaje = `La entrada DNS ${entrada.host} no pertenece al servidor elegido (está en ${entrada.servidor})`;
    throw new ApiError(400, mensaje, { dns_id: [mensaje] });
  }
  return values;
}

/** The payload as the table's columns (the form's writes and the import's). */
export const columnas = (v: SitioValues) => columnValues(sitios, v);

export async function crearSitio(db: Db, values: SitioValues, autor: Autor | null): Promise<Sitio> {
  return db.transaction((tx) => crearEn(tx, values, autor));
}

/** Inserts inside the caller's transaction (the seed uses it too), with its audit row. */
export async function crearEn(tx: Tx, values: SitioValues, autor: Autor | null): Promise<Sitio> {
  const v = await conServidorDeDns(tx, values);
  const [row] = await tx.insert(sitios).values(columnas(v)).returning({ id: sitios.id });
  const creado = (await sitioRow(tx, row!.id))!;
  await writeAudit(tx, {
    autor,
    accion: 'crear',
    entidad: ENTIDAD,
    entidadId: creado.id,
    despues: paraAuditoria(creado),
  });
  return creado;
}

/** Locks the row and answers it as it is (404 when it is gone). */
export async function sitioParaCambiar(tx: Tx, id: number): Promise<Sitio> {
  const [locked] = await tx.select({ id: sitios.id }).from(sitios).where(eq(sitios.id, id)).for('update');
  if (!locked) throw noExiste();
  return (await sitioRow(tx, id))!;
}

export async function modificarSitio(db: Db, id: number, values: SitioValues, autor: Autor): Promise<Sitio> {
  return db.transaction(async (tx) => {
    const antes = await sitioParaCambiar(tx, id);
    const v = await conServidorDeDns(tx, values);
    await tx
      .update(sitios)
      .set({ ...columnas(v), actualizado: sql`now()` })
      .where(eq(sitios.id, id));
    const despues = (await sitioRow(tx, id))!;
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD,
      entidadId: id,
      antes: paraAuditoria(antes),
      despues: paraAuditoria(despues),
    });
    return despues;
  });
}

async function eliminarEn(tx: Tx, ids: number[], autor: Autor): Promise<number> {
  const locked = await tx
    .select({ id: sitios.id })
    .from(sitios)
    .where(inArray(sitios.id, ids))
    .orderBy(asc(sitios.id))
    .for('update');
  if (locked.length === 0) return 0;
  const antes = await desde(tx)
    .where(
      inArray(
        sitios.id,
        locked.map((r) => r.id),
      ),
    )
    .orderBy(asc(sitios.id));
  await tx.delete(sitios).where(
    inArray(
      sitios.id,
      locked.map((r) => r.id),
    ),
  );
  for (const row of antes) {
    await writeAudit(tx, {
      autor,
      accion: 'eliminar',
      entidad: ENTIDAD,
      entidadId: row.id,
      antes: paraAuditoria(wire(row)),
    });
  }
  return antes.length;
}

export async function eliminarSitio(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await eliminarEn(tx, [id], autor)) === 0) throw noExiste();
  });
}

/** Bulk delete: all or none; ids already gone are not counted. */
export async function eliminarSitios(db: Db, ids: number[], autor: Autor): Promise<number> {
  return db.transaction((tx) => eliminarEn(tx, [...new Set(ids)], autor));
}
