import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, creado, actualizado } from './columns.ts';
import { empresas } from './clientes.ts';

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
