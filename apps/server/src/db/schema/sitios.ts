import { SITIO_ESTADOS, SITIO_VENCIMIENTO_TIPOS, VERIFICACION_RESULTADOS } from '@intranet/contract/areas/sitios';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, pgTable, pgView, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientes } from './directorio.ts';
import { actualizado, creado, id, instante } from './columns.ts';
import { usuarios } from './cuentas.ts';
import { dns, servidores } from './servidores.ts';

// ---- Sitios Webs ----

/** The text a site list search looks in; the trigram index is built on exactly this expression. */
export function sitioBusqueda(t: { nombre: AnyPgColumn; url: AnyPgColumn; registrador: AnyPgColumn }) {
  return sql`(${t.nombre} || ' ' || ${t.url} || ' ' || coalesce(${t.registrador}, ''))`;
}

/** A website: the company's own (no client) or a client's, optionally on an own server and DNS entry. */
export const sitios = pgTable(
  'sitios',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    /** An https URL; "Verificar" connects to its host and port. */
    url: text('url').notNull(),
    clienteId: integer('empresa_id').references(() => clientes.id, { onDelete: 'restrict' }),
    // Deleting an own server (with its DNS entries, "cascada") leaves its sites without server, not blocked.
    servidorId: integer('servidor_id').references(() => servidores.id, { onDelete: 'set null' }),
    /** Must belong to servidor_id when both are set (checked by the route inside the write's transaction). */
    dnsId: integer('dns_id').references(() => dns.id, { onDelete: 'set null' }),
    estado: text('estado', { enum: SITIO_ESTADOS }).notNull().default('activo'),
    sslVence: date('ssl_vence', { mode: 'string' }),
    sslEmisor: text('ssl_emisor'),
    dominioVence: date('dominio_vence', { mode: 'string' }),
    /** Who the domain is registered with (NIC Argentina, GoDaddy...). */
    registrador: text('registrador'),
    notas: text('notas'),
    /** The last "Verificar": when, how it went and what it said (the full record is in sitio_verificaciones). */
    verificadoEn: instante('verificado_en'),
    verificacionResultado: text('verificacion_resultado', { enum: VERIFICACION_RESULTADOS }),
    verificacionMensaje: text('verificacion_mensaje'),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check('sitios_estado_ck', sql`${t.estado} in ('activo', 'mantenimiento', 'caido', 'baja')`),
    check(
      'sitios_verificacion_ck',
      sql`${t.verificacionResultado} is null or ${t.verificacionResultado} in ('ok', 'advertencia', 'error')`,
    ),
    check('sitios_url_ck', sql`${t.url} ~ '^https://'`),
    uniqueIndex('sitios_url_uq').on(sql`lower(${t.url})`),
    index('sitios_nombre_idx').on(t.nombre, t.id),
    index('sitios_empresa_idx').on(t.clienteId),
    index('sitios_servidor_idx').on(t.servidorId),
    index('sitios_dns_idx').on(t.dnsId),
    index('sitios_ssl_vence_idx').on(t.sslVence, t.id),
    index('sitios_dominio_vence_idx').on(t.dominioVence, t.id),
    index('sitios_busqueda_trgm').using('gin', sql`${sitioBusqueda(t)} gin_trgm_ops`),
  ],
);

/** Every "Verificar" of a site, failed ones included: what the TLS handshake found. */
export const sitioVerificaciones = pgTable(
  'sitio_verificaciones',
  {
    id: id(),
    sitioId: integer('sitio_id')
      .notNull()
      .references(() => sitios.id, { onDelete: 'cascade' }),
    fecha: instante('fecha').notNull().defaultNow(),
    resultado: text('resultado', { enum: VERIFICACION_RESULTADOS }).notNull(),
    /** Why, as a stable key: ok, vencido, autofirmado, host_no_coincide, dns, rechazada, tiempo, tls... */
    codigo: text('codigo').notNull(),
    mensaje: text('mensaje').notNull(),
    host: text('host').notNull(),
    puerto: integer('puerto').notNull(),
    /** The certificate, when one was read. */
    validoDesde: date('valido_desde', { mode: 'string' }),
    validoHasta: date('valido_hasta', { mode: 'string' }),
    emisor: text('emisor'),
    sujeto: text('sujeto'),
    sans: text('sans').array(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    usuarioNombre: text('usuario_nombre'),
  },
  (t) => [
    check('sitio_verificaciones_resultado_ck', sql`${t.resultado} in ('ok', 'advertencia', 'error')`),
    index('sitio_verificaciones_sitio_idx').on(t.sitioId, t.fecha),
  ],
);

/**
 * The dated expiries of every site not retired, one row each: its SSL certificate (id = sitio * 2) and its
 * domain (id = sitio * 2 + 1). The site-expiry grid and the Reportes "expiries by month (sites)" read it.
 */
export const sitiosVencimientos = pgView('sitios_vencimientos', {
  id: integer('id').notNull(),
  sitioId: integer('sitio_id').notNull(),
  tipo: text('tipo', { enum: SITIO_VENCIMIENTO_TIPOS }).notNull(),
  clienteId: integer('empresa_id'),
  vence: date('vence', { mode: 'string' }).notNull(),
}).as(sql`
  select s.id * 2 as id, s.id as sitio_id, 'ssl'::text as tipo, s.empresa_id, s.ssl_vence as vence
    from sitios s
   where s.ssl_vence is not null and s.estado <> 'baja'
  union all
  select s.id * 2 + 1, s.id, 'dominio'::text, s.empresa_id, s.dominio_vence
    from sitios s
   where s.dominio_vence is not null and s.estado <> 'baja'
`);
