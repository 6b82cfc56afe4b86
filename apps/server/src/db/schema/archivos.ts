import { bigint, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, creado } from './columns.ts';

// ---- The file store `{archivos}`: one row per distinct content, the bytes on the store by SHA-256 ----

export const archivos = pgTable(
  'archivos',
  {
    id: id(),
    sha256: text('sha256').notNull(),
    tamano: bigint('tamano', { mode: 'number' }).notNull(),
    tipo: text('tipo').notNull(),
    nombre: text('nombre').notNull(),
    descargas: integer('descargas').notNull().default(0),
    creado: creado(),
  },
  (t) => [uniqueIndex('archivos_sha256_uq').on(t.sha256)],
);
