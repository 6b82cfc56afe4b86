import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, creado, instante } from './columns.ts';
import { usuarios } from './cuentas.ts';

// ---- Spreadsheet imports (issue 21): the uploaded file and the state of each import, for its steps and its undo ----

/**
 * One import: the file uploaded (in the store, by SHA-256), the columns it was read with, the mapping and mode
 * last chosen, and once imported what it did: the ids it created and, for the rows it updated, their values
 * before, so "Deshacer" can put them back while none of those rows changed since (`importado` is the
 * transaction's instant, the `actualizado` every row it wrote carries).
 */
export const importaciones = pgTable(
  'importaciones',
  {
    id: id(),
    /** The import's kind: the area's list it fills ('maquinas', 'clientes'...). */
    tipo: text('tipo').notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    archivoSha256: text('archivo_sha256').notNull(),
    archivoNombre: text('archivo_nombre').notNull(),
    formato: text('formato', { enum: ['csv', 'xlsx', 'certificados'] }).notNull(),
    columnas: jsonb('columnas').$type<string[]>().notNull(),
    filas: integer('filas').notNull(),
    mapeo: jsonb('mapeo').$type<Record<string, string | null>>(),
    modo: text('modo', { enum: ['crear', 'actualizar'] }),
    estado: text('estado', { enum: ['subida', 'importada', 'deshecha'] }).notNull().default('subida'),
    /** The last dry run's or import's counts and every refused row (for the refused-rows CSV). */
    resultado: jsonb('resultado').$type<{ conteo: Record<string, number>; rechazos: { fila: number; errores: string[] }[] }>(),
    /** [id, row in the file] of each record created. */
    creados: jsonb('creados').$type<[number, number][]>(),
    modificados: jsonb('modificados').$type<{ id: number; fila: number; antes: Record<string, unknown> }[]>(),
    importado: instante('importado'),
    deshecho: instante('deshecho'),
    creado: creado(),
  },
  (t) => [index('importaciones_tipo_idx').on(t.tipo, t.creado)],
);
