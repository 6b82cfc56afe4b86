import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { actualizado, creado, id } from './columns.ts';
import { usuarios } from './cuentas.ts';

// ---- Vistas guardadas: a list's state under a name, private or shared ----

export const vistas = pgTable(
  'vistas',
  {
    id: id(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** The list (the web table's id, one of VISTA_LISTAS). */
    lista: text('lista').notNull(),
    nombre: text('nombre').notNull(),
    compartida: boolean('compartida').notNull().default(false),
    /** The list's query string: filters, sort, search and page size. */
    params: text('params').notNull().default(''),
    /** The columns it hides. */
    ocultas: jsonb('ocultas').$type<string[]>().notNull().default([]),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    uniqueIndex('vistas_usuario_lista_nombre_uq').on(t.usuarioId, t.lista, sql`lower(${t.nombre})`),
    index('vistas_lista_compartida_idx').on(t.lista).where(sql`${t.compartida}`),
  ],
);

/** The view each user opens a list with. */
export const vistasPredeterminadas = pgTable(
  'vistas_predeterminadas',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    lista: text('lista').notNull(),
    vistaId: integer('vista_id')
      .notNull()
      .references(() => vistas.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.lista] })],
);
