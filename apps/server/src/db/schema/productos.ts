import type { DocumentJson } from '@intranet/editor';
import { PRODUCTO_TIPOS } from '@intranet/contract/areas/productos';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, creado, actualizado } from './columns.ts';

// ---- Productos ----

/** The text a product list search looks in; the trigram index is built on exactly this expression. */
export function productoBusqueda(t: {
  codigo: AnyPgColumn;
  nombre: AnyPgColumn;
  linea: AnyPgColumn;
  responsable: AnyPgColumn;
}) {
  return sql`(${t.codigo} || ' ' || ${t.nombre} || ' ' || coalesce(${t.linea}, '') || ' ' || coalesce(${t.responsable}, ''))`;
}

export const productos = pgTable(
  'productos',
  {
    id: id(),
    codigo: text('codigo').notNull(),
    nombre: text('nombre').notNull(),
    linea: text('linea'),
    tipo: text('tipo', { enum: PRODUCTO_TIPOS }).notNull(),
    activo: boolean('activo').notNull().default(true),
    // Free text until Personas exists.
    responsable: text('responsable'),
    // The editor's JSON document, validated against its schema before every write.
    descripcion: jsonb('descripcion').$type<DocumentJson>().notNull(),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check('productos_tipo_ck', sql`${t.tipo} in ('escritorio', 'web', 'movil', 'servicio')`),
    uniqueIndex('productos_codigo_uq').on(sql`lower(${t.codigo})`),
    index('productos_codigo_idx').on(t.codigo, t.id),
    index('productos_nombre_idx').on(t.nombre, t.id),
    index('productos_busqueda_trgm').using('gin', sql`${productoBusqueda(t)} gin_trgm_ops`),
  ],
);
