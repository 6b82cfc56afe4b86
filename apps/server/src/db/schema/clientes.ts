import type { DocumentJson } from '@intranet/editor';
import { CONDICIONES_IVA, PARAMETRO_TIPOS } from '@intranet/contract/clientes';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, creado, actualizado } from './columns.ts';
import { personas } from './personas.ts';

// ---- Clientes: empresas, their servers and installation parameters (AREAS.md "Clientes"; issue 7) ----

/** The text the client list's free search looks in; the trigram index is built on exactly this expression. */
export function empresaBusqueda(t: { razonSocial: AnyPgColumn; nombreFantasia: AnyPgColumn }) {
  return sql`(${t.razonSocial} || ' ' || coalesce(${t.nombreFantasia}, ''))`;
}

export const empresas = pgTable(
  'empresas',
  {
    id: id(),
    razonSocial: text('razon_social').notNull(),
    nombreFantasia: text('nombre_fantasia'),
    /** 11 digits without dashes; the check digit is validated by the contract (isValidCuit). */
    cuit: text('cuit').notNull(),
    condicionIva: text('condicion_iva', { enum: CONDICIONES_IVA }).notNull(),
    email: text('email'),
    telefono: text('telefono'),
    domicilio: text('domicilio'),
    localidad: text('localidad'),
    provincia: text('provincia'),
    activo: boolean('activo').notNull().default(true),
    contactoId: integer('contacto_id').references((): AnyPgColumn => personas.id, { onDelete: 'set null' }),
    // The editor's JSON document (DESIGN §7), validated against its schema before every write.
    notas: jsonb('notas').$type<DocumentJson>().notNull(),
    fechaAlta: date('fecha_alta', { mode: 'string' }).notNull().default(sql`current_date`),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check('empresas_cuit_ck', sql`${t.cuit} ~ '^[0-9]{11}$'`),
    check(
      'empresas_condicion_iva_ck',
      sql`${t.condicionIva} in ('responsable_inscripto', 'monotributo', 'exento', 'consumidor_final', 'no_responsable')`,
    ),
    uniqueIndex('empresas_cuit_uq').on(t.cuit),
    // CUIT searches by prefix (text_pattern_ops answers LIKE 'nn%' whatever the collation) and by any part (trigram).
    index('empresas_cuit_pattern_idx').on(sql`${t.cuit} text_pattern_ops`),
    index('empresas_cuit_trgm').using('gin', sql`${t.cuit} gin_trgm_ops`),
    index('empresas_busqueda_trgm').using('gin', sql`${empresaBusqueda(t)} gin_trgm_ops`),
    // Sort keys of the list, each with the id that breaks ties.
    index('empresas_razon_social_idx').on(t.razonSocial, t.id),
    index('empresas_localidad_idx').on(t.localidad, t.id),
    index('empresas_provincia_idx').on(t.provincia, t.id),
    index('empresas_contacto_idx').on(t.contactoId),
  ],
);

/** A client's server (AREAS.md "Servidor de cliente"); `GET /api/empresas/:id/servidores` answers the spec's shape. */
export const servidoresCliente = pgTable(
  'servidores_cliente',
  {
    id: id(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    hostname: text('hostname'),
    ip: text('ip'),
    puerto: integer('puerto'),
    so: text('so'),
    motorBd: text('motor_bd'),
    instanciaBd: text('instancia_bd'),
    /** The Physis version installed, as `n.n.n`; the client list shows the highest of its servers. */
    versionPhysis: text('version_physis'),
    notas: text('notas'),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    uniqueIndex('servidores_cliente_nombre_uq').on(t.empresaId, sql`lower(${t.nombre})`),
    index('servidores_cliente_empresa_idx').on(t.empresaId),
    check('servidores_cliente_puerto_ck', sql`${t.puerto} is null or ${t.puerto} between 1 and 65535`),
  ],
);

/** The DNS names of a client's server: the spec's `dnss` entries `{id, host}`. */
export const servidoresClienteDns = pgTable(
  'servidores_cliente_dns',
  {
    id: id(),
    servidorId: integer('servidor_id')
      .notNull()
      .references(() => servidoresCliente.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
  },
  (t) => [
    uniqueIndex('servidores_cliente_dns_host_uq').on(t.servidorId, sql`lower(${t.host})`),
    index('servidores_cliente_dns_servidor_idx').on(t.servidorId),
  ],
);

/**
 * Installation parameters (AREAS.md "Instalaciones"): per client, optionally per one of its servers, grouped by
 * `grupo`. A secret keeps only `valor_cifrado` (AES-256-GCM, see areas/clientes/secretos.ts); never `valor`.
 */
export const parametros = pgTable(
  'parametros',
  {
    id: id(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    servidorId: integer('servidor_id').references(() => servidoresCliente.id, { onDelete: 'cascade' }),
    grupo: text('grupo').notNull(),
    clave: text('clave').notNull(),
    tipo: text('tipo', { enum: PARAMETRO_TIPOS }).notNull(),
    valor: text('valor'),
    valorCifrado: text('valor_cifrado'),
    descripcion: text('descripcion'),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check('parametros_tipo_ck', sql`${t.tipo} in ('texto', 'numero', 'booleano', 'ruta', 'url', 'secreto')`),
    check(
      'parametros_secreto_ck',
      sql`(${t.tipo} = 'secreto' and ${t.valor} is null) or (${t.tipo} <> 'secreto' and ${t.valorCifrado} is null)`,
    ),
    // One key per group in each scope (the client itself, or one of its servers).
    uniqueIndex('parametros_clave_uq').on(t.empresaId, sql`coalesce(${t.servidorId}, 0)`, t.grupo, t.clave),
    index('parametros_servidor_idx').on(t.servidorId),
  ],
);
