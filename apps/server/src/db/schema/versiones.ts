import type { DocumentJson } from '@intranet/editor';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { archivos } from './archivos.ts';
import { id, instante, creado, actualizado } from './columns.ts';
import { productos } from './productos.ts';

// ---- Versiones ----

export const versiones = pgTable(
  'versiones',
  {
    id: id(),
    productoId: integer('producto_id')
      .notNull()
      .references(() => productos.id, { onDelete: 'restrict' }),
    numero: text('numero').notNull(),
    /** versionOrden(numero): sorts 3.10 after 3.9 under collate "C". */
    orden: text('orden').notNull(),
    canal: text('canal', { enum: ['estable', 'beta', 'hotfix'] }).notNull(),
    estado: text('estado', { enum: ['borrador', 'publicada', 'retirada'] })
      .notNull()
      .default('borrador'),
    fechaPublicacion: instante('fecha_publicacion'),
    // The editor's JSON document, validated against its schema before every write.
    notas: jsonb('notas').$type<DocumentJson>().notNull(),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check('versiones_canal_ck', sql`${t.canal} in ('estable', 'beta', 'hotfix')`),
    check('versiones_estado_ck', sql`${t.estado} in ('borrador', 'publicada', 'retirada')`),
    uniqueIndex('versiones_producto_numero_uq').on(t.productoId, sql`lower(${t.numero})`),
    index('versiones_producto_orden_idx').on(t.productoId, sql`${t.orden} collate "C"`),
    index('versiones_actualizado_idx').on(t.actualizado, t.id),
    // The command palette finds a version by (part of) its number.
    index('versiones_numero_trgm').using('gin', sql`${t.numero} gin_trgm_ops`),
  ],
);

/** Files attached to a version (installers, scripts, documents), each stored once in `archivos`. */
export const versionAssets = pgTable(
  'version_assets',
  {
    id: id(),
    versionId: integer('version_id')
      .notNull()
      .references(() => versiones.id, { onDelete: 'cascade' }),
    archivoId: integer('archivo_id')
      .notNull()
      .references(() => archivos.id, { onDelete: 'restrict' }),
    nombre: text('nombre').notNull(),
    creado: creado(),
  },
  (t) => [
    uniqueIndex('version_assets_nombre_uq').on(t.versionId, sql`lower(${t.nombre})`),
    // The file store asks whether a file is still in use (storage/referencias.ts).
    index('version_assets_archivo_idx').on(t.archivoId),
  ],
);
