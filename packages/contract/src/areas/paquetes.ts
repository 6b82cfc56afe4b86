import { z } from 'zod';
import { nombreArchivo, sha256Hex } from '@intranet/contract/shared/entre-areas';
import { listQuery, paged, queryBoolean, MAX_ID } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { optionalVersionNumero } from '@intranet/contract/shared/version-numero';
import { optionalText } from '@intranet/contract/shared/validators';

/** An installer package; `GET {instaladores}/api/paquetes` answers a bare list of these. */
export const paquete = z.object({
  id: z.number().int(),
  nombre: z.string(),
  producto: z.string().nullable(),
  version: z.string().nullable(),
  canal: z.string().nullable(),
  /** ISO 8601 timestamp. */
  fecha: z.string(),
  notas: z.string().nullable(),
});
export type Paquete = z.infer<typeof paquete>;
export const paquetesResponse = z.array(paquete);

/** `GET {instaladores}/api/paquetes/last`, bare as the spec shows; null when there is no package yet. */
export const paqueteLast = z.object({ nombre: z.string(), fecha: z.string() });
export type PaqueteLast = z.infer<typeof paqueteLast>;

// ---- Paquetes de instalación screens. Read PACKS#VER, write PACKS#EDITAR. ----

export const PAQUETE_CANALES = ['estable', 'beta', 'hotfix'] as const;
export type PaqueteCanal = (typeof PAQUETE_CANALES)[number];

/**
 * The package's fields that staff write: the edit form's body, and the query of the upload
 * (`POST {instaladores}/api/paquetes?nombre&producto&version&canal&notas`), whose body is the file's bytes
 * (any content type), streamed to the store.
 */
export const paqueteInput = z
  .object({
    nombre: nombreArchivo,
    producto: optionalText(120),
    version: optionalVersionNumero,
    canal: z.enum(PAQUETE_CANALES, { error: 'Canal inválido' }).default('estable'),
    notas: optionalText(2000),
  })
  .strict();
export type PaqueteInput = z.input<typeof paqueteInput>;
export type PaqueteValues = z.output<typeof paqueteInput>;

/** A package as the screens show it. */
export const paqueteFila = z.object({
  id: z.number().int(),
  nombre: z.string(),
  producto: z.string().nullable(),
  version: z.string().nullable(),
  canal: z.string().nullable(),
  fecha: z.string(),
  notas: z.string().nullable(),
  /** Null for packages recorded before uploads existed. */
  archivo_id: z.number().int().nullable(),
  tamano: z.number().int().nullable(),
  sha256: z.string().nullable(),
  tipo: z.string().nullable(),
  publicado_por: z.string().nullable(),
  descargas: z.number().int().nonnegative(),
  /** When it was retired; null while it is listed. */
  retirado: z.string().nullable(),
});
export type PaqueteFila = z.infer<typeof paqueteFila>;

export const PAQUETE_SORT = ['nombre', 'producto', 'version', 'canal', 'fecha', 'tamano', 'descargas'] as const;
export const paqueteListQuery = listQuery(PAQUETE_SORT, {
  producto: z.string().trim().max(120).optional(),
  canal: z.enum(PAQUETE_CANALES, { error: 'Canal inválido' }).optional(),
  /** `true` lists the retired packages instead of the listed ones. */
  retirados: queryBoolean.optional(),
});
export const paquetePage = paged(paqueteFila);
export const paqueteExportQuery = paqueteListQuery.omit({ page: true, size: true });
/** Bulk actions on the packages list: set the channel; packages are retired, not deleted. */
export const paqueteLote = loteBody(paqueteExportQuery, {
  canal: paqueteInput.shape.canal.unwrap(),
  producto: paqueteInput.shape.producto,
});
export const paqueteLoteExport = loteExportBody(paqueteExportQuery);

/** `GET {instaladores}/api/paquetes/productos`: the products named by packages, for the filter. */
export const paqueteProductos = z.array(z.string());

/** `GET {instaladores}/api/paquetes/:id/descarga/:sha256`: the package's direct link (no session needed). */
export const paqueteDescargaParams = z
  .object({
    id: z.coerce.number({ error: 'Id inválido' }).int('Id inválido').positive('Id inválido').max(MAX_ID, 'Id inválido'),
    sha256: sha256Hex,
  })
  .strict();
