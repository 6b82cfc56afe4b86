import { z } from 'zod';
import { APLICACION_CANALES } from '@intranet/contract/shared/entre-areas';
import { listQuery, paged, queryBoolean } from '@intranet/contract/shared/list';
import { optionalText, requiredText } from '@intranet/contract/shared/validators';
import { optionalVersionNumero } from '@intranet/contract/shared/version-numero';

// ---- AppsStore. Configuration and staff catalogue APPSSTORE#CONFIG; `{store}` public. ----

/** The channels a store can offer: those an app version is published on (Aplicaciones). */
export const STORE_CANALES = APLICACION_CANALES;
export type StoreCanal = (typeof STORE_CANALES)[number];

/** At most this many featured apps: the store's front row, not a second catalogue. */
export const MAX_DESTACADAS = 12;

/** Seconds a device is told to wait (Retry-After) while the store is in maintenance. */
export const STORE_RETRY_AFTER = 300;

const mantenimientoInput = z
  .object({
    activo: z.boolean({ error: 'Indique si la tienda está en mantenimiento' }),
    mensaje: optionalText(300),
  })
  .strict()
  .superRefine((m, ctx) => {
    if (m.activo && !m.mensaje)
      ctx.addIssue({ code: 'custom', path: ['mensaje'], message: 'Escriba el mensaje que verán los dispositivos' });
  });

/** `PUT /api/appsstore/config`: the whole configuration (one record). */
export const storeConfigInput = z
  .object({
    nombre: requiredText(80),
    canales: z
      .array(z.enum(STORE_CANALES, { error: 'Canal inválido' }), { error: 'Elija al menos un canal' })
      .min(1, 'Elija al menos un canal')
      // Stored once each, in the order of STORE_CANALES, whatever order the form sent.
      .transform((canales) => STORE_CANALES.filter((c) => canales.includes(c))),
    /** Application ids, in the order they are featured; each must be a published application. */
    destacadas: z
      .array(z.number({ error: 'Aplicación inválida' }).int('Aplicación inválida').positive('Aplicación inválida'))
      .max(MAX_DESTACADAS, `Máximo ${MAX_DESTACADAS} destacadas`)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    /** The oldest store client version that may still use the store; null: any. */
    version_minima: optionalVersionNumero,
    mantenimiento: mantenimientoInput,
  })
  .strict();
export type StoreConfigInput = z.input<typeof storeConfigInput>;
export type StoreConfigValues = z.output<typeof storeConfigInput>;

/** A featured application as the configuration answers it. */
export const storeDestacada = z.object({
  id: z.number().int(),
  package_name: z.string(),
  nombre: z.string(),
  publicada: z.boolean(),
});
export type StoreDestacada = z.infer<typeof storeDestacada>;

/** `GET /api/appsstore/config` and the PUT's answer. */
export const storeConfig = z.object({
  nombre: z.string(),
  canales: z.array(z.enum(STORE_CANALES)),
  destacadas: z.array(z.number().int()),
  /** The featured applications with their names, in the featured order. */
  destacadas_detalle: z.array(storeDestacada),
  version_minima: z.string().nullable(),
  mantenimiento: z.object({
    activo: z.boolean(),
    mensaje: z.string().nullable(),
    /** When maintenance was last turned on (ISO 8601); null while it is off. */
    desde: z.string().nullable(),
  }),
  /** Last change (ISO 8601); null while the store runs on its defaults (never saved). */
  actualizado: z.string().nullable(),
});
export type StoreConfig = z.infer<typeof storeConfig>;

/** `GET /api/appsstore/aplicaciones`: every application, for the featured select (published ones can be chosen). */
export const storeAplicaciones = z.array(storeDestacada);

// ---- The catalogue: published applications with their latest published version per offered channel ----

/** One version as the store offers it; `url` downloads the APK from `{store}` and counts the download. */
export const storeVersion = z.object({
  id: z.number().int(),
  version_code: z.number().int(),
  version_name: z.string(),
  canal: z.enum(STORE_CANALES),
  /** Publication date (ISO 8601). */
  fecha: z.string(),
  /** Bytes. */
  tamano: z.number().int().nonnegative(),
  sha256: z.string(),
  min_sdk: z.number().int().nullable(),
  target_sdk: z.number().int().nullable(),
  novedades: z.string().nullable(),
  descargas: z.number().int().nonnegative(),
  /** The APK's file name: `<package_name>_<version_code>.apk`. */
  apk: z.string(),
  /** Absolute download address under `{store}`. */
  url: z.string(),
});
export type StoreVersion = z.infer<typeof storeVersion>;

/** A published application in the catalogue. */
export const storeApp = z.object({
  id: z.number().int(),
  package_name: z.string(),
  nombre: z.string(),
  resumen: z.string().nullable(),
  categoria: z.string().nullable(),
  destacada: z.boolean(),
  /** The description rendered to HTML through the editor's schema. */
  descripcion_html: z.string(),
  /** Absolute address of the icon under `{store}`; null without an icon. */
  icono_url: z.string().nullable(),
  /** Downloads of all its versions. */
  descargas: z.number().int().nonnegative(),
  /** Date of its newest offered version (ISO 8601). */
  actualizado: z.string(),
  /** The latest published version on each channel the store offers; null where there is none (or not offered). */
  versiones: z.object({ estable: storeVersion.nullable(), beta: storeVersion.nullable() }),
});
export type StoreApp = z.infer<typeof storeApp>;

/** `GET {store}/api/store/catalogo` (public): the whole catalogue, featured applications first. */
export const storeCatalogo = z.object({
  nombre: z.string(),
  canales: z.array(z.enum(STORE_CANALES)),
  version_minima: z.string().nullable(),
  apps: z.array(storeApp),
});

/** `GET {api}/api/appsstore/catalogo` (staff): the catalogue as a list, also during maintenance. */
export const STORE_CATALOGO_SORT = ['nombre', 'categoria', 'descargas', 'actualizado'] as const;
export const storeCatalogoQuery = listQuery(STORE_CATALOGO_SORT, {
  categoria: z.string().trim().max(60).optional(),
  /** Applications with a version offered on this channel. */
  canal: z.enum(STORE_CANALES, { error: 'Canal inválido' }).optional(),
  destacada: queryBoolean.optional(),
});
export const storeCatalogoPage = paged(storeApp);
export const storeCatalogoExportQuery = storeCatalogoQuery.omit({ page: true, size: true });

/** `GET /api/appsstore/catalogo/categorias`: the categories of the listed applications, for the filter. */
export const storeCategorias = z.array(z.string());

// ---- `{store}` for devices ----

/** `GET {store}/api/store/estado` (public, always 200, also during maintenance): what a device checks first. */
export const storeEstado = z.object({
  nombre: z.string(),
  canales: z.array(z.enum(STORE_CANALES)),
  version_minima: z.string().nullable(),
  mantenimiento: z.object({ activo: z.boolean(), mensaje: z.string().nullable(), desde: z.string().nullable() }),
});

/**
 * The 503 of `{store}` routes during maintenance (with `Retry-After: STORE_RETRY_AFTER`): the error envelope
 * plus the maintenance state, so a device keeps its cached catalogue, shows `mensaje` and retries later.
 */
export const storeMantenimientoBody = z.object({
  error: z.string(),
  datos: z.null(),
  mantenimiento: storeEstado.shape.mantenimiento,
});
export type StoreMantenimientoBody = z.infer<typeof storeMantenimientoBody>;

/** `GET {store}/api/store/descargas/:apk`: `<package_name>_<version_code>.apk`. */
export const storeDescargaParams = z
  .object({
    apk: z
      .string()
      .max(200)
      .regex(/^[A-Za-z][A-Za-z0-9_.]*_\d{1,10}\.apk$/, 'Nombre de APK inválido: <package_name>_<version_code>.apk'),
  })
  .strict();

/** Splits `com.physis.movil_42.apk` into its package name and version code. */
export function apkDe(apk: string): { packageName: string; versionCode: number } {
  const match = /^(.+)_(\d+)\.apk$/.exec(apk);
  if (!match) throw new Error(`nombre de APK inválido: ${apk}`);
  return { packageName: match[1]!, versionCode: Number(match[2]) };
}

export const apkNombre = (packageName: string, versionCode: number): string => `${packageName}_${versionCode}.apk`;

/** `GET {store}/api/store/iconos/:package_name`. */
export const storeIconoParams = z.object({ package_name: z.string().min(1).max(150) }).strict();

// ---- The F-Droid-like index a device client polls: `GET {store}/api/store/index-v1.json` ----

/** The index format's version (`repo.version`): it changes only when the shape below does. */
export const STORE_INDEX_VERSION = 1;

/** One APK of an application in the index (F-Droid `packages[packageName][]`). */
export const storeIndexPackage = z.object({
  versionCode: z.number().int(),
  versionName: z.string(),
  apkName: z.string(),
  /** Absolute download address (counts the download). */
  url: z.string(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  hashType: z.literal('sha256'),
  size: z.number().int().nonnegative(),
  minSdkVersion: z.number().int().optional(),
  targetSdkVersion: z.number().int().optional(),
  /** Publication time, milliseconds since the epoch. */
  added: z.number().int(),
  /** Extension: the channel it is published on. */
  channel: z.enum(STORE_CANALES),
  /** Extension: the version's plain-text "Novedades". */
  whatsNew: z.string().optional(),
});
export type StoreIndexPackage = z.infer<typeof storeIndexPackage>;

/** One application in the index (F-Droid `apps[]`). */
export const storeIndexApp = z.object({
  packageName: z.string(),
  name: z.string(),
  summary: z.string(),
  /** HTML, rendered through the editor's schema. */
  description: z.string(),
  /** Absolute address of the icon; absent without one. */
  icon: z.string().optional(),
  categories: z.array(z.string()),
  /** The newest stable versionCode (the newest beta one when the app has no stable version), as text like F-Droid. */
  suggestedVersionCode: z.string(),
  /** First and latest publication, milliseconds since the epoch. */
  added: z.number().int(),
  lastUpdated: z.number().int(),
  /** Extension: featured by the store's configuration. */
  featured: z.boolean(),
});

export const storeIndex = z
  .object({
    repo: z.object({
      name: z.string(),
      /** Time of the newest change the index reflects, milliseconds since the epoch. */
      timestamp: z.number().int(),
      version: z.literal(STORE_INDEX_VERSION),
      /** The base every `apkName` downloads from: `<address>/<apkName>`. */
      address: z.string(),
      /** Extension: the oldest store client version still served; null for any. */
      minClientVersion: z.string().nullable(),
      /** Extension: the channels offered. */
      channels: z.array(z.enum(STORE_CANALES)),
    }),
    apps: z.array(storeIndexApp),
    packages: z.record(z.string(), z.array(storeIndexPackage)),
  })
  .strict();
export type StoreIndex = z.infer<typeof storeIndex>;
