import { DNS_TIPOS, SERVIDOR_ESTADOS } from '@intranet/contract/servidores';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const instante = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const creado = () => instante('creado').notNull().defaultNow();
const actualizado = () => instante('actualizado').notNull().defaultNow();

// ---- Accounts, roles and sessions (DESIGN §4) ----

export const usuarios = pgTable(
  'usuarios',
  {
    id: id(),
    usuario: text('usuario').notNull(),
    email: text('email'),
    nombre: text('nombre').notNull(),
    passwordHash: text('password_hash').notNull(),
    activo: boolean('activo').notNull().default(true),
    ultimoIngreso: instante('ultimo_ingreso'),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    // Sign-in is case-insensitive, so uniqueness is too.
    uniqueIndex('usuarios_usuario_uq').on(sql`lower(${t.usuario})`),
    uniqueIndex('usuarios_email_uq').on(sql`lower(${t.email})`),
  ],
);

export const roles = pgTable('roles', {
  id: id(),
  nombre: text('nombre').notNull().unique(),
  descripcion: text('descripcion').notNull().default(''),
  creado: creado(),
  actualizado: actualizado(),
});

export const rolPermisos = pgTable(
  'rol_permisos',
  {
    rolId: integer('rol_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    codigo: text('codigo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rolId, t.codigo] })],
);

export const usuarioRoles = pgTable(
  'usuario_roles',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    rolId: integer('rol_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.rolId] }), index('usuario_roles_rol_idx').on(t.rolId)],
);

export const sesiones = pgTable(
  'sesiones',
  {
    id: id(),
    /** sha256 hex of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    creada: instante('creada').notNull().defaultNow(),
    vence: instante('vence').notNull(),
    ultimoUso: instante('ultimo_uso').notNull().defaultNow(),
    revocada: instante('revocada'),
    ip: text('ip'),
  },
  (t) => [index('sesiones_usuario_idx').on(t.usuarioId)],
);

/** Sign-in attempts, for throttling across server processes. */
export const intentosIngreso = pgTable(
  'intentos_ingreso',
  {
    id: id(),
    usuario: text('usuario').notNull(),
    ip: text('ip').notNull(),
    fecha: instante('fecha').notNull().defaultNow(),
    exito: boolean('exito').notNull(),
  },
  (t) => [
    index('intentos_ingreso_usuario_idx').on(t.usuario, t.fecha),
    index('intentos_ingreso_ip_idx').on(t.ip, t.fecha),
    // Housekeeping deletes attempts older than a day.
    index('intentos_ingreso_fecha_idx').on(t.fecha),
  ],
);

/** Who changed what and when; written in the same transaction as the change. */
export const auditoria = pgTable(
  'auditoria',
  {
    id: id(),
    fecha: instante('fecha').notNull().defaultNow(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    usuarioNombre: text('usuario_nombre'),
    accion: text('accion').notNull(),
    entidad: text('entidad').notNull(),
    entidadId: text('entidad_id'),
    antes: jsonb('antes'),
    despues: jsonb('despues'),
  },
  (t) => [
    index('auditoria_entidad_idx').on(t.entidad, t.entidadId, t.fecha),
    index('auditoria_fecha_idx').on(t.fecha),
  ],
);

/**
 * Exact row counts of large tables, kept by statement triggers (migration 0004), so an unfiltered list's
 * total is one row read instead of a scan of the whole table.
 */
export const conteos = pgTable('conteos', {
  tabla: text('tabla').primaryKey(),
  filas: bigint('filas', { mode: 'number' }).notNull(),
});

// ---- Servidores propios and Servicio DNS (AREAS.md) ----

/** The text a server list search looks in; the trigram index is built on exactly this expression. */
export function servidorBusqueda(t: { nombre: AnyPgColumn; hostname: AnyPgColumn; ipPublica: AnyPgColumn; ipPrivada: AnyPgColumn; proveedor: AnyPgColumn; rol: AnyPgColumn }) {
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
    host: text('host').notNull(),
    tipo: text('tipo', { enum: DNS_TIPOS }).notNull().default('A'),
    ttl: integer('ttl').notNull().default(3600),
    activo: boolean('activo').notNull().default(true),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    uniqueIndex('dns_host_uq').on(sql`lower(${t.host})`),
    index('dns_servidor_idx').on(t.servidorId),
    index('dns_host_trgm').using('gin', sql`${t.host} gin_trgm_ops`),
    // Sort keys of the DNS list, each with the id that breaks ties (keyset paging of the CSV export).
    index('dns_host_idx').on(t.host, t.id),
    index('dns_tipo_idx').on(t.tipo, t.id),
    index('dns_ttl_idx').on(t.ttl, t.id),
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
  (t) => [
    index('direcciones_dns_idx').on(t.dnsId),
    check('direcciones_port_ck', sql`${t.port} between 1 and 65535`),
  ],
);

// ---- Paquetes de instalación (AREAS.md; file columns come with uploads) ----

export const paquetes = pgTable(
  'paquetes',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    producto: text('producto'),
    version: text('version'),
    canal: text('canal'),
    fecha: instante('fecha').notNull().defaultNow(),
    notas: text('notas'),
    creado: creado(),
  },
  (t) => [index('paquetes_fecha_idx').on(t.fecha.desc(), t.id.desc())],
);
