import { SERVIDOR_ESTADOS } from '@intranet/contract/areas/servidores';
import { DNS_TIPOS } from '@intranet/contract/areas/servidores/dns';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, creado, actualizado } from './columns.ts';

// ---- Servidores propios and Servicio DNS ----

/** The text a server list search looks in; the trigram index is built on exactly this expression. */
export function servidorBusqueda(t: {
  nombre: AnyPgColumn;
  hostname: AnyPgColumn;
  ipPublica: AnyPgColumn;
  ipPrivada: AnyPgColumn;
  proveedor: AnyPgColumn;
  rol: AnyPgColumn;
}) {
  return sql`(${t.nombre} || ' ' || coalesce(${t.hostname}, '') || ' ' || coalesce(${t.ipPublica}, '') || ' ' || coalesce(${t.ipPrivada}, '') || ' ' || coalesce(${t.proveedor}, '') || ' ' || coalesce(${t.rol}, ''))`;
}

export const servidores = pgTable(
  'servidores',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    hostname: text('hostname'),
    ipPublica: text('ip_publica'),
    ipPrivada: text('ip_privada'),
    proveedor: text('proveedor'),
    rol: text('rol'),
    so: text('so'),
    estado: text('estado', { enum: SERVIDOR_ESTADOS }).notNull().default('activo'),
    notas: text('notas'),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check('servidores_estado_ck', sql`${t.estado} in ('activo', 'offline', 'planificado', 'baja')`),
    // Names are unique whatever their case, like DNS hosts.
    uniqueIndex('servidores_nombre_uq').on(sql`lower(${t.nombre})`),
    index('servidores_nombre_idx').on(t.nombre, t.id),
    index('servidores_nombre_trgm').using('gin', sql`${t.nombre} gin_trgm_ops`),
    // The list's free search looks in one text made of these columns (see areas/servidores/queries.ts).
    index('servidores_busqueda_trgm').using('gin', sql`${servidorBusqueda(t)} gin_trgm_ops`),
  ],
);

export const dns = pgTable(
  'dns',
  {
    id: id(),
    servidorId: integer('servidor_id')
      .notNull()
      .references(() => servidores.id, { onDelete: 'restrict' }),
    /**
     * Lower-cased, as the contract's hostname writes it (checked: `dns_host_minusculas`), so the list searches it
     * with LIKE and the lowered pattern (`searchLowercase`) rather than ILIKE, which lowers every row it tests.
     */
    host: text('host').notNull(),
    /**
     * The server's name, kept here by triggers (migration 0033) so the list sorts by it on an index of its own:
     * a subquery per row sorted 1M entries in 1.1 s. Never written by the portal; the default only lets an
     * insert leave it out.
     */
    servidorNombre: text('servidor_nombre').notNull().default(''),
    tipo: text('tipo', { enum: DNS_TIPOS }).notNull().default('A'),
    ttl: integer('ttl').notNull().default(3600),
    activo: boolean('activo').notNull().default(true),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    uniqueIndex('dns_host_uq').on(sql`lower(${t.host})`),
    check('dns_host_minusculas', sql`${t.host} = lower(${t.host})`),
    index('dns_servidor_idx').on(t.servidorId),
    index('dns_host_trgm').using('gin', sql`${t.host} gin_trgm_ops`),
    // Sort keys of the DNS list, each with the id that breaks ties (keyset paging of the CSV export).
    index('dns_host_idx').on(t.host, t.id),
    index('dns_tipo_idx').on(t.tipo, t.id),
    index('dns_ttl_idx').on(t.ttl, t.id),
    index('dns_servidor_nombre_idx').on(t.servidorNombre, t.id),
    // The inactive entries (a few in a hundred) in each sort: the filter staff use to clean up, which would
    // otherwise walk every active entry before its page, and count them the same way.
    index('dns_inactivas_host_idx').on(t.host, t.id).where(sql`not ${t.activo}`),
    index('dns_inactivas_servidor_idx').on(t.servidorNombre, t.id).where(sql`not ${t.activo}`),
    index('dns_inactivas_tipo_idx').on(t.tipo, t.id).where(sql`not ${t.activo}`),
    index('dns_inactivas_ttl_idx').on(t.ttl, t.id).where(sql`not ${t.activo}`),
    // One type (a third of the entries) in each sort: a page walked the sort's index testing each entry's type,
    // 16–32 ms for the 400th page at 1M rows; here it skips index entries only. Sorted by type, dns_tipo_idx.
    index('dns_tipo_host_idx').on(t.tipo, t.host, t.id),
    index('dns_tipo_servidor_idx').on(t.tipo, t.servidorNombre, t.id),
    index('dns_tipo_ttl_idx').on(t.tipo, t.ttl, t.id),
    check('dns_tipo_ck', sql`${t.tipo} in ('A', 'AAAA', 'CNAME')`),
    check('dns_ttl_ck', sql`${t.ttl} > 0`),
  ],
);

export const direcciones = pgTable(
  'direcciones',
  {
    id: id(),
    dnsId: integer('dns_id')
      .notNull()
      .references(() => dns.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    path: text('path').notNull().default('/'),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [index('direcciones_dns_idx').on(t.dnsId), check('direcciones_port_ck', sql`${t.port} between 1 and 65535`)],
);
