import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, instante, creado } from './columns.ts';

// ---- Paquetes de instalación (AREAS.md; file columns come with uploads) ----

export const paquetes = pgTable(
  'paquetes',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    producto: text('producto'),
    version: text('version'),
    canal: text('canal'),
    fecha: instante('fecha').notNull().defaultNow(),
    notas: text('notas'),
    creado: creado(),
  },
  (t) => [index('paquetes_fecha_idx').on(t.fecha.desc(), t.id.desc())],
);
