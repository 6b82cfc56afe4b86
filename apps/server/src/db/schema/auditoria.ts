import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, instante } from './columns.ts';
import { usuarios } from './cuentas.ts';

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
  (t) => [index('auditoria_entidad_idx').on(t.entidad, t.entidadId, t.fecha), index('auditoria_fecha_idx').on(t.fecha)],
);
