import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, creado, instante } from './columns.ts';
import { usuarios } from './cuentas.ts';

// ---- Spreadsheet imports: the uploaded file and the state of each import, for its steps and its undo ----

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
    /** The uploaded file's size in bytes: the time and room its reading gets grow with it. */
    archivoTamano: bigint('archivo_tamano', { mode: 'number' }),
    formato: text('formato', { enum: ['csv', 'xlsx', 'certificados'] }).notNull(),
    /**
     * The rows as a worker thread read them from the file (one JSON array per line, the header first), stored beside
     * it: every later step reads these, never the spreadsheet again. Null for certificates, read by their area.
     */
    filasSha256: text('filas_sha256'),
    /** The encoding a CSV was read in: recognised at upload, or picked by the user. */
    codificacion: text('codificacion', { enum: ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] }),
    columnas: jsonb('columnas').$type<string[]>().notNull(),
    filas: integer('filas').notNull(),
    mapeo: jsonb('mapeo').$type<Record<string, string | null>>(),
    modo: text('modo', { enum: ['crear', 'actualizar'] }),
    estado: text('estado', { enum: ['subida', 'importada', 'deshecha'] })
      .notNull()
      .default('subida'),
    /** The last dry run's or import's counts and every refused row (for the refused-rows CSV). */
    resultado: jsonb('resultado').$type<{
      conteo: Record<string, number>;
      rechazos: { fila: number; errores: string[] }[];
    }>(),
    /** [id, row in the file] of each record created. */
    creados: jsonb('creados').$type<[number, number][]>(),
    modificados: jsonb('modificados').$type<{ id: number; fila: number; antes: Record<string, unknown> }[]>(),
    importado: instante('importado'),
    deshecho: instante('deshecho'),
    creado: creado(),
  },
  (t) => [index('importaciones_tipo_idx').on(t.tipo, t.creado)],
);
