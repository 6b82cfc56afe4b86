import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, actualizado, creado, instante } from './columns.ts';
import { usuarios } from './cuentas.ts';

// ---- Bulk actions: each `POST {ruta}/lote` recorded before its first row is touched ----

/**
 * One bulk action on a list: who ran it, on which list, what it does and what it selected. Written before any
 * row changes, so a process that dies mid-way leaves a batch that says what was done and what was not.
 * `estado` stays 'en_curso' while a process works on it, heartbeating `actualizado`; one whose heartbeat went
 * stale was left by a process that died and reads as interrumpido (the readers decide, no job of its own).
 */
export const lotes = pgTable(
  'lotes',
  {
    id: id(),
    /** The list's path ('/api/personas'): the batch's history is read under it. */
    ruta: text('ruta').notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    usuarioNombre: text('usuario_nombre').notNull(),
    /** 'deshacer' puts back, row by row, what a 'cambiar' batch (`deshaceA`) changed. */
    accion: text('accion', { enum: ['eliminar', 'cambiar', 'deshacer'] }).notNull(),
    /** The field and value set ('cambiar'), or the field put back ('deshacer', each row its own value). */
    cambio: jsonb('cambio').$type<{ campo: string; valor: unknown } | null>(),
    /** The selection as the request sent it: its ids, or the list's filter. */
    seleccion: jsonb('seleccion').notNull(),
    estado: text('estado', { enum: ['en_curso', 'terminado', 'interrumpido'] })
      .notNull()
      .default('en_curso'),
    /** The boot id of the process working on it: which one a stale heartbeat belonged to. */
    proceso: text('proceso'),
    deshaceA: integer('deshace_a'),
    /** The undo batch that put this one back: a batch is undone once. */
    deshechoPor: integer('deshecho_por'),
    creado: creado(),
    /** The working process's heartbeat. */
    actualizado: actualizado(),
    terminado: instante('terminado'),
  },
  (t) => [index('lotes_ruta_idx').on(t.ruta, t.id)],
);

/**
 * Each row a batch selected and its outcome. A row's change and its mark here commit in one transaction, so
 * a row is 'hecho' exactly when its change is in, and a batch continued after a crash skips it.
 */
export const loteFilas = pgTable(
  'lote_filas',
  {
    loteId: integer('lote_id')
      .notNull()
      .references(() => lotes.id, { onDelete: 'cascade' }),
    filaId: integer('fila_id').notNull(),
    /** The row's place in the list's order: rows are applied, and shown, in it. */
    orden: integer('orden').notNull(),
    /** How the row is named to people ('web-01'), read when it was selected. */
    nombre: text('nombre').notNull(),
    estado: text('estado', { enum: ['pendiente', 'hecho', 'rechazado'] })
      .notNull()
      .default('pendiente'),
    motivo: text('motivo'),
    /** The value an undo batch sets on this row: its audit row's `antes`. */
    valor: jsonb('valor'),
    /** The audit row the row's change wrote: an undo reads its `antes`, and refuses a row changed after it. */
    auditoriaId: integer('auditoria_id'),
    actualizado: instante('actualizado'),
  },
  (t) => [primaryKey({ columns: [t.loteId, t.filaId] }), index('lote_filas_orden_idx').on(t.loteId, t.orden)],
);
