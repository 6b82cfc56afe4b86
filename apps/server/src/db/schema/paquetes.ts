import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { archivos } from './archivos.ts';
import { id, instante, creado } from './columns.ts';
import { usuarios } from './cuentas.ts';

// ---- Paquetes de instalación ----

/** The text a package list search looks in; the trigram index is built on exactly this expression. */
export function paqueteBusqueda(t: {
  nombre: AnyPgColumn;
  producto: AnyPgColumn;
  version: AnyPgColumn;
  notas: AnyPgColumn;
}) {
  return sql`(${t.nombre} || ' ' || coalesce(${t.producto}, '') || ' ' || coalesce(${t.version}, '') || ' ' || coalesce(${t.notas}, ''))`;
}

export const paquetes = pgTable(
  'paquetes',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    producto: text('producto'),
    version: text('version'),
    /** versionOrden(version): sorts 3.10 after 3.9 under collate "C"; '' when there is no version. */
    versionOrden: text('version_orden').notNull().default(''),
    canal: text('canal'),
    fecha: instante('fecha').notNull().defaultNow(),
    notas: text('notas'),
    /** Null for the packages recorded before uploads existed. */
    archivoId: integer('archivo_id').references(() => archivos.id, { onDelete: 'restrict' }),
    publicadoPorId: integer('publicado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    publicadoPor: text('publicado_por'),
    descargas: integer('descargas').notNull().default(0),
    /** When it left the list and /last; its direct link keeps working. */
    retirado: instante('retirado'),
    creado: creado(),
  },
  (t) => [
    index('paquetes_fecha_idx').on(t.fecha.desc(), t.id.desc()),
    index('paquetes_archivo_idx').on(t.archivoId),
    check('paquetes_canal_ck', sql`${t.canal} is null or ${t.canal} in ('estable', 'beta', 'hotfix')`),
    index('paquetes_busqueda_trgm').using('gin', sql`${paqueteBusqueda(t)} gin_trgm_ops`),
  ],
);

/** Every download of a package through its direct link, dated: the Reportes "descargas por mes" read it. */
export const paqueteDescargas = pgTable(
  'paquete_descargas',
  {
    id: id(),
    paqueteId: integer('paquete_id')
      .notNull()
      .references(() => paquetes.id, { onDelete: 'cascade' }),
    fecha: instante('fecha').notNull().defaultNow(),
  },
  (t) => [
    index('paquete_descargas_fecha_idx').on(t.fecha),
    index('paquete_descargas_paquete_idx').on(t.paqueteId, t.fecha),
  ],
);
