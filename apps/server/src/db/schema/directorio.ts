// The directory: the people (staff and client contacts) and the client companies. They refer to each other
// (a contact's company, a company's main contact), so they are declared together.

import { CONDICIONES_IVA } from '@intranet/contract/areas/clientes';
import type { DocumentJson } from '@intranet/editor';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, creado, actualizado } from './columns.ts';

// ---- Personas: staff (empresa_id null) and client contacts ----

/** The text a person list search looks in; the trigram index is built on exactly this expression. */
export function personaBusqueda(t: {
  nombre: AnyPgColumn;
  apellido: AnyPgColumn;
  email: AnyPgColumn;
  legajo: AnyPgColumn;
  puesto: AnyPgColumn;
  area: AnyPgColumn;
  interno: AnyPgColumn;
}) {
  return sql`(${t.nombre} || ' ' || ${t.apellido} || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.legajo}, '') || ' ' || coalesce(${t.puesto}, '') || ' ' || coalesce(${t.area}, '') || ' ' || coalesce(${t.interno}, ''))`;
}

export const personas = pgTable(
  'personas',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    apellido: text('apellido').notNull(),
    email: text('email'),
    telefono: text('telefono'),
    interno: text('interno'),
    puesto: text('puesto'),
    area: text('area'),
    responsableId: integer('responsable_id').references((): AnyPgColumn => personas.id, { onDelete: 'set null' }),
    legajo: text('legajo'),
    activo: boolean('activo').notNull().default(true),
    /** The client company of a contact; null for staff. */
    clienteId: integer('empresa_id').references((): AnyPgColumn => clientes.id, { onDelete: 'restrict' }),
    notas: text('notas'),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    uniqueIndex('personas_legajo_uq').on(sql`lower(${t.legajo})`),
    index('personas_empresa_idx').on(t.clienteId),
    index('personas_responsable_idx').on(t.responsableId),
    // Sort keys of the list, each with the id that breaks ties.
    index('personas_apellido_idx').on(t.apellido, t.nombre, t.id),
    index('personas_area_idx').on(t.area, t.id),
    index('personas_busqueda_trgm').using('gin', sql`${personaBusqueda(t)} gin_trgm_ops`),
  ],
);

// ---- Clientes (table empresas): the client companies ----

/** The text the client list's free search looks in; the trigram index is built on exactly this expression. */
export function clienteBusqueda(t: { razonSocial: AnyPgColumn; nombreFantasia: AnyPgColumn }) {
  return sql`(${t.razonSocial} || ' ' || coalesce(${t.nombreFantasia}, ''))`;
}

export const clientes = pgTable(
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
    // The editor's JSON document, validated against its schema before every write.
    notas: jsonb('notas').$type<DocumentJson>().notNull(),
    fechaAlta: date('fecha_alta', { mode: 'string' }).notNull().default(sql`current_date`),
    creado: creado(),
    actualizado: actualizado(),
    // Kept by triggers (migration 0040) from its servers and its expiry grids' rows, so the list sorts on an index
    // instead of a subquery per client: never written by the application.
    /** How many servers the client has. */
    servidoresCount: integer('servidores_count').notNull().default(0),
    /** The highest Physis version of its servers (8.10 > 8.9), as written on the server. */
    versionPhysis: text('version_physis'),
    /** The same version as numbers, for sorting; empty without one. */
    versionPhysisOrden: integer('version_physis_orden').array().notNull().default(sql`'{}'::int[]`),
    /** The earliest due date of its items over both expiry grids (expired ones included); null without one. */
    proximoVencimiento: date('proximo_vencimiento', { mode: 'string' }),
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
    index('empresas_busqueda_trgm').using('gin', sql`${clienteBusqueda(t)} gin_trgm_ops`),
    // Sort keys of the list, each with the id that breaks ties, then the columns the list filters by (and the
    // column under a coalesce): a filtered page walks index entries only, never the rows it skips (migration 0040).
    // The default sort's index also carries every column the CSV writes: the export of all clients is an index-only
    // scan in its order, never a heap fetch per row (4.2 s at 1M clients read from the heap).
    index('empresas_razon_social_idx').on(
      t.razonSocial,
      t.id,
      t.provincia,
      t.activo,
      t.condicionIva,
      t.nombreFantasia,
      t.cuit,
      t.localidad,
      t.servidoresCount,
      t.versionPhysis,
      t.proximoVencimiento,
      t.actualizado,
    ),
    index('empresas_cuit_orden_idx').on(t.cuit, t.id, t.provincia, t.activo, t.condicionIva),
    // The palette finds clients by the start of their town, in any case (areas/clientes/busqueda.ts).
    index('empresas_localidad_lower_idx').on(sql`lower(coalesce(${t.localidad}, '')) text_pattern_ops`),
    index('empresas_localidad_idx').on(
      sql`coalesce(${t.localidad}, '')`,
      t.id,
      t.localidad,
      t.provincia,
      t.activo,
      t.condicionIva,
    ),
    index('empresas_provincia_orden_idx').on(
      sql`coalesce(${t.provincia}, '')`,
      t.id,
      t.provincia,
      t.activo,
      t.condicionIva,
    ),
    index('empresas_servidores_count_idx').on(t.servidoresCount, t.id, t.provincia, t.activo, t.condicionIva),
    index('empresas_version_physis_idx').on(t.versionPhysisOrden, t.id, t.provincia, t.activo, t.condicionIva),
    index('empresas_proximo_vencimiento_idx').on(
      sql`coalesce(${t.proximoVencimiento}, 'infinity'::date)`,
      t.id,
      t.proximoVencimiento,
      t.provincia,
      t.activo,
      t.condicionIva,
    ),
    index('empresas_activo_idx').on(t.activo, t.id, t.provincia, t.condicionIva),
    index('empresas_actualizado_idx').on(t.actualizado, t.id, t.provincia, t.activo, t.condicionIva),
    // The filters, for a value few clients have. A province's clients also in the default sort's order: a broad
    // province's page is read from its first entry, never past the clients of the other provinces whose names come
    // first (a name and its province can go together: 600,000 entries walked for page 1 at 1M clients).
    index('empresas_provincia_razon_social_idx').on(t.provincia, t.razonSocial, t.id),
    index('empresas_condicion_iva_idx').on(t.condicionIva, t.id),
    index('empresas_contacto_idx').on(t.contactoId),
  ],
);
