// The directory: the people (staff and client contacts) and the client companies. They refer to each other
// (a contact's company, a company's main contact), so they are declared together.

import { CONDICIONES_IVA } from '@intranet/contract/clientes';
import type { DocumentJson } from '@intranet/editor';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, creado, actualizado } from './columns.ts';

// ---- Personas: staff (empresa_id null) and client contacts (AREAS.md) ----

/** The text a person list search looks in; the trigram index is built on exactly this expression. */
export function personaBusqueda(t: { nombre: AnyPgColumn; apellido: AnyPgColumn; email: AnyPgColumn; legajo: AnyPgColumn; puesto: AnyPgColumn; area: AnyPgColumn; interno: AnyPgColumn }) {
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
    empresaId: integer('empresa_id').references((): AnyPgColumn => empresas.id, { onDelete: 'restrict' }),
    notas: text('notas'),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    uniqueIndex('personas_legajo_uq').on(sql`lower(${t.legajo})`),
    index('personas_empresa_idx').on(t.empresaId),
    index('personas_responsable_idx').on(t.responsableId),
    // Sort keys of the list, each with the id that breaks ties.
    index('personas_apellido_idx').on(t.apellido, t.nombre, t.id),
    index('personas_area_idx').on(t.area, t.id),
    index('personas_busqueda_trgm').using('gin', sql`${personaBusqueda(t)} gin_trgm_ops`),
  ],
);

// ---- Empresas: the client companies (AREAS.md "Clientes"; issue 7) ----

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
