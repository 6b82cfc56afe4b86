import { z } from 'zod';
import { listQuery, paged, queryBoolean, MAX_ID } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { richText } from '@intranet/contract/shared/rich-text';
import { richTextDocument } from '@intranet/contract/shared/rich-text-document';
import { optionalText, requiredText } from '@intranet/contract/shared/validators';
export { APLICACION_CANALES, type AplicacionCanal } from '@intranet/contract/shared/entre-areas';
import { APLICACION_CANALES } from '@intranet/contract/shared/entre-areas';

// ---- Aplicaciones. Read APP#VER, write APP#EDITAR. ----
// Tables `aplicaciones` and `aplicacion_versiones` (apps/server/src/db/schema/aplicaciones.ts).

// Java's reserved words and literals: none may be a segment of a package name (JLS §3.9, §7.4.1).
const JAVA_RESERVADAS = new Set(
  (
    'abstract assert boolean break byte case catch char class const continue default do double else enum extends ' +
    'final finally float for goto if implements import instanceof int interface long native new package private ' +
    'protected public return short static strictfp super switch synchronized this throw throws transient try void ' +
    'volatile while true false null _'
  ).split(' '),
);

/** An Android application id: two or more Java identifiers joined by dots (`com.physis.movil`). */
export const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

export const esPackageName = (value: string): boolean =>
  value.length <= 150 &&
  PACKAGE_NAME.test(value) &&
  value.split('.').every((segmento) => !JAVA_RESERVADAS.has(segmento));

export const packageName = z
  .string({ error: 'Este campo es requerido' })
  .trim()
  .min(1, 'Este campo es requerido')
  .max(150, 'Máximo 150 caracteres')
  .refine(
    esPackageName,
    'Nombre de paquete inválido: segmentos separados por puntos (com.empresa.app), cada uno empieza con letra y no es una palabra reservada de Java',
  );

const id = z.number({ error: 'Id inválido' }).int('Id inválido').positive('Id inválido').max(MAX_ID, 'Id inválido');
const idCoerced = z.coerce
  .number({ error: 'Id inválido' })
  .int('Id inválido')
  .positive('Id inválido')
  .max(MAX_ID, 'Id inválido');

/** Create and update payload (`POST /api/aplicaciones`, `PUT /api/aplicaciones/:id`). */
export const aplicacionInput = z
  .object({
    package_name: packageName,
    nombre: requiredText(120),
    resumen: optionalText(200),
    descripcion: richText,
    /** A file-store id from `POST /api/aplicaciones/iconos`; null for no icon. */
    icono_id: id.nullish().transform((v) => v ?? null),
    categoria: optionalText(60),
    publicada: z.boolean().default(false),
  })
  .strict();
export type AplicacionInput = z.input<typeof aplicacionInput>;
export type AplicacionValues = z.output<typeof aplicacionInput>;

/** An app as the list answers it (without its description). */
export const aplicacionFila = z.object({
  id: z.number().int(),
  package_name: z.string(),
  nombre: z.string(),
  resumen: z.string().nullable(),
  categoria: z.string().nullable(),
  publicada: z.boolean(),
  icono_id: z.number().int().nullable(),
  /** The icon's download address relative to `{archivos}`; null without an icon. */
  icono: z.string().nullable(),
  /** How many versions were uploaded. */
  versiones: z.number().int().nonnegative(),
  /** The highest version's name and code; null before the first upload. */
  ultima_version: z.string().nullable(),
  ultima_version_code: z.number().int().nullable(),
  /** Downloads of all its versions. */
  descargas: z.number().int().nonnegative(),
  creado: z.string(),
  actualizado: z.string(),
});
export type AplicacionFila = z.infer<typeof aplicacionFila>;

/** `GET /api/aplicaciones/:id` and the create/update answers. */
export const aplicacion = aplicacionFila.extend({
  descripcion: richTextDocument,
  descripcion_html: z.string(),
  /** The signer every version must share (from the first upload); null before it. */
  firma_sha256: z.string().nullable(),
});
export type Aplicacion = z.infer<typeof aplicacion>;

export const APLICACION_SORT = [
  'package_name',
  'nombre',
  'categoria',
  'publicada',
  'versiones',
  'descargas',
  'actualizado',
] as const;
export const aplicacionListQuery = listQuery(APLICACION_SORT, {
  categoria: z.string().trim().max(60).optional(),
  publicada: queryBoolean.optional(),
});
export const aplicacionPage = paged(aplicacionFila);
export const aplicacionExportQuery = aplicacionListQuery.omit({ page: true, size: true });
/** Bulk actions on the apps list: delete (refused for an app with versions), or set published or category. */
export const aplicacionLote = loteBody(aplicacionExportQuery, {
  publicada: aplicacionInput.shape.publicada.unwrap(),
  categoria: aplicacionInput.shape.categoria,
});
export const aplicacionLoteExport = loteExportBody(aplicacionExportQuery);

/** `GET /api/aplicaciones/categorias`: the categories in use, for the filter and the form. */
export const aplicacionCategorias = z.array(z.string());

/** Icons: PNG, JPEG or WebP (recognised by their bytes), at most this size. */
export const ICONO_MAX_BYTES = 1024 * 1024;
export const ICONO_TIPOS = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** `POST /api/aplicaciones/iconos?nombre=`: the body is the image's bytes; answers the stored file. */
export const iconoSubido = z.object({
  id: z.number().int(),
  sha256: z.string(),
  tipo: z.string(),
  descarga: z.string(),
});
export type IconoSubido = z.infer<typeof iconoSubido>;

// ---- Versions: one uploaded APK each ----

/** Plain text "Novedades", as a store shows them (Google Play allows 500 characters). */
export const novedades = optionalText(500);

/**
 * `POST /api/aplicaciones/:id/versiones?canal&novedades`: the body is the APK's bytes, streamed to the file
 * store; the server reads version code, name, SDKs and signer from the APK itself.
 */
export const aplicacionVersionUploadQuery = z
  .object({
    canal: z.enum(APLICACION_CANALES, { error: 'Canal inválido' }).default('beta'),
    novedades,
  })
  .strict();
export type AplicacionVersionUploadQuery = z.input<typeof aplicacionVersionUploadQuery>;

/** `PUT /api/aplicaciones/:id/versiones/:versionId`: what staff may change after the upload. */
export const aplicacionVersionInput = z.object({ novedades }).strict();

/** `POST /api/aplicaciones/:id/versiones/:versionId/publicacion`: "Despublicar" (false) or publish again (true). */
export const aplicacionVersionPublicacion = z
  .object({ publicada: z.boolean({ error: 'Debe ser true o false' }) })
  .strict();

export const aplicacionVersionParams = z.object({ id: idCoerced, versionId: idCoerced }).strict();

export const aplicacionVersion = z.object({
  id: z.number().int(),
  aplicacion_id: z.number().int(),
  version_code: z.number().int(),
  version_name: z.string(),
  canal: z.enum(APLICACION_CANALES),
  archivo_id: z.number().int(),
  sha256: z.string(),
  /** Bytes. */
  tamano: z.number().int().nonnegative(),
  min_sdk: z.number().int().nullable(),
  target_sdk: z.number().int().nullable(),
  firma_sha256: z.string(),
  novedades: z.string().nullable(),
  fecha: z.string(),
  descargas: z.number().int().nonnegative(),
  publicada: z.boolean(),
  publicado_por: z.string().nullable(),
  /** The APK's download address relative to `{archivos}` (`<package>-<versionName>.apk`). */
  descarga: z.string(),
});
export type AplicacionVersion = z.infer<typeof aplicacionVersion>;

export const APLICACION_VERSION_SORT = [
  'version_code',
  'version_name',
  'canal',
  'fecha',
  'tamano',
  'descargas',
  'publicada',
] as const;
export const aplicacionVersionListQuery = listQuery(APLICACION_VERSION_SORT, {
  canal: z.enum(APLICACION_CANALES, { error: 'Canal inválido' }).optional(),
  publicada: queryBoolean.optional(),
});
export const aplicacionVersionPage = paged(aplicacionVersion);
export const aplicacionVersionExportQuery = aplicacionVersionListQuery.omit({ page: true, size: true });
