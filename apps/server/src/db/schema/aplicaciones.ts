import { APLICACION_CANALES } from '@intranet/contract/areas/aplicaciones';
import type { DocumentJson } from '@intranet/editor';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { archivos } from './archivos.ts';
import { id, instante, creado, actualizado } from './columns.ts';
import { usuarios } from './cuentas.ts';

// ---- Aplicaciones ----
// Tables `aplicaciones` (one Android app) and `aplicacion_versiones` (its uploaded APKs). The AppsStore reads
// the latest version with `publicada` per `canal` of each app with `publicada`, and increments `descargas`:
// keep these column names stable.

/** The text an app list search looks in; the trigram index is built on exactly this expression. */
export function aplicacionBusqueda(t: {
  packageName: AnyPgColumn;
  nombre: AnyPgColumn;
  resumen: AnyPgColumn;
  categoria: AnyPgColumn;
}) {
  return sql`(${t.packageName} || ' ' || ${t.nombre} || ' ' || coalesce(${t.resumen}, '') || ' ' || coalesce(${t.categoria}, ''))`;
}

export const aplicaciones = pgTable(
  'aplicaciones',
  {
    id: id(),
    /** The Android application id (`com.physis.movil`); every version's manifest must carry it. */
    packageName: text('package_name').notNull(),
    nombre: text('nombre').notNull(),
    resumen: text('resumen'),
    // The editor's JSON document, validated against its schema before every write.
    descripcion: jsonb('descripcion').$type<DocumentJson>().notNull(),
    /** The icon, an image in the file store. */
    iconoId: integer('icono_id').references(() => archivos.id, { onDelete: 'restrict' }),
    categoria: text('categoria'),
    /** Whether the store lists it. */
    publicada: boolean('publicada').notNull().default(false),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    uniqueIndex('aplicaciones_package_name_uq').on(sql`lower(${t.packageName})`),
    index('aplicaciones_nombre_idx').on(t.nombre, t.id),
    index('aplicaciones_categoria_idx').on(t.categoria, t.id),
    index('aplicaciones_actualizado_idx').on(t.actualizado, t.id),
    index('aplicaciones_busqueda_trgm').using('gin', sql`${aplicacionBusqueda(t)} gin_trgm_ops`),
    // The file store asks whether a file is still in use (storage/referencias.ts).
    index('aplicaciones_icono_idx').on(t.iconoId),
  ],
);

/** One uploaded APK of an app: its manifest and signer as read by the server, never typed by staff. */
export const aplicacionVersiones = pgTable(
  'aplicacion_versiones',
  {
    id: id(),
    aplicacionId: integer('aplicacion_id')
      .notNull()
      .references(() => aplicaciones.id, { onDelete: 'restrict' }),
    versionCode: integer('version_code').notNull(),
    versionName: text('version_name').notNull(),
    canal: text('canal', { enum: APLICACION_CANALES }).notNull(),
    archivoId: integer('archivo_id')
      .notNull()
      .references(() => archivos.id, { onDelete: 'restrict' }),
    sha256: text('sha256').notNull(),
    tamano: bigint('tamano', { mode: 'number' }).notNull(),
    minSdk: integer('min_sdk'),
    targetSdk: integer('target_sdk'),
    /** SHA-256 of the signing certificate (DER), lower-case hex; every version of an app has the same one. */
    firmaSha256: text('firma_sha256').notNull(),
    /** "Novedades" as the store shows them: plain text, like Google Play's "What's new". */
    novedades: text('novedades'),
    fecha: instante('fecha').notNull().defaultNow(),
    descargas: integer('descargas').notNull().default(0),
    /** False once unpublished ("Despublicar"): the store stops offering it; it can be published again. */
    publicada: boolean('publicada').notNull().default(true),
    publicadoPorId: integer('publicado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    publicadoPor: text('publicado_por'),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check('aplicacion_versiones_canal_ck', sql`${t.canal} in ('estable', 'beta')`),
    check('aplicacion_versiones_descargas_ck', sql`${t.descargas} >= 0`),
    uniqueIndex('aplicacion_versiones_code_uq').on(t.aplicacionId, t.versionCode),
    index('aplicacion_versiones_canal_idx').on(t.aplicacionId, t.canal, t.versionCode.desc()),
    index('aplicacion_versiones_archivo_idx').on(t.archivoId),
  ],
);
