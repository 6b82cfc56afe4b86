import { z } from 'zod';
import { nombreArchivo } from '@intranet/contract/shared/entre-areas';
import { listQuery, paged, MAX_ID } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { richTextDocument } from '@intranet/contract/shared/rich-text-document';

// ---- Versiones `{versiones}`. Read PACKS#VER, write VERSIONES#EDITAR; the changelog needs a session. ----

export { VERSION_CANALES, type VersionCanal } from '@intranet/contract/shared/entre-areas';
import { VERSION_CANALES } from '@intranet/contract/shared/entre-areas';

export const VERSION_ESTADOS = ['borrador', 'publicada', 'retirada'] as const;
export type VersionEstado = (typeof VERSION_ESTADOS)[number];

/**
 * The allowed transitions, enforced by the server: a draft is published, a published version is retired,
 * a retired one can be published again. Nothing goes back to draft.
 */
export const VERSION_TRANSICIONES: Readonly<Record<VersionEstado, readonly VersionEstado[]>> = {
  borrador: ['publicada'],
  publicada: ['retirada'],
  retirada: ['publicada'],
};

export const puedePasar = (desde: VersionEstado, hacia: VersionEstado): boolean =>
  VERSION_TRANSICIONES[desde].includes(hacia);

export { versionInput, type VersionInput, type VersionValues } from './versiones/input.ts';

/** `POST /api/versiones/:id/estado`. */
export const versionEstadoInput = z.object({ estado: z.enum(VERSION_ESTADOS, { error: 'Estado inválido' }) }).strict();

/** A version as the list answers it (without its notes). */
export const versionFila = z.object({
  id: z.number().int(),
  producto_id: z.number().int(),
  producto: z.string(),
  numero: z.string(),
  canal: z.enum(VERSION_CANALES),
  estado: z.enum(VERSION_ESTADOS),
  fecha_publicacion: z.string().nullable(),
  assets: z.number().int().nonnegative(),
  creado: z.string(),
  actualizado: z.string(),
});
export type VersionFila = z.infer<typeof versionFila>;

/** A file attached to a version, with its public download address (relative to `{archivos}`). */
export const versionAsset = z.object({
  id: z.number().int(),
  nombre: z.string(),
  archivo_id: z.number().int(),
  sha256: z.string(),
  tamano: z.number().int(),
  tipo: z.string(),
  descarga: z.string(),
  creado: z.string(),
});
export type VersionAsset = z.infer<typeof versionAsset>;

/** `GET /api/versiones/:id`: the row with its notes (JSON and rendered) and its assets. */
export const versionDetalle = versionFila.extend({
  notas: richTextDocument,
  notas_html: z.string(),
  assets_lista: z.array(versionAsset),
});
export type VersionDetalle = z.infer<typeof versionDetalle>;

export const VERSION_SORT = ['producto', 'numero', 'canal', 'estado', 'fecha_publicacion', 'actualizado'] as const;
export const versionListQuery = listQuery(VERSION_SORT, {
  producto: z.coerce.number({ error: 'Producto inválido' }).int().positive('Producto inválido').optional(),
  canal: z.enum(VERSION_CANALES, { error: 'Canal inválido' }).optional(),
  estado: z.enum(VERSION_ESTADOS, { error: 'Estado inválido' }).optional(),
});
export const versionPage = paged(versionFila);
export const versionExportQuery = versionListQuery.omit({ page: true, size: true });
/** Bulk actions on the versions list: delete (a published version is refused, as one by one), set state or channel. */
export const versionLote = loteBody(versionExportQuery, {
  estado: versionEstadoInput.shape.estado,
  canal: z.enum(VERSION_CANALES, { error: 'Canal inválido' }),
});
export const versionLoteExport = loteExportBody(versionExportQuery);

/** `POST /api/versiones/:id/assets?nombre=`: the body is the file's bytes. */
export const versionAssetQuery = z.object({ nombre: nombreArchivo }).strict();
export const versionAssetParams = z
  .object({
    id: z.coerce.number({ error: 'Id inválido' }).int('Id inválido').positive('Id inválido').max(MAX_ID, 'Id inválido'),
    assetId: z.coerce
      .number({ error: 'Id inválido' })
      .int('Id inválido')
      .positive('Id inválido')
      .max(MAX_ID, 'Id inválido'),
  })
  .strict();

/** `GET /api/versiones/productos`: every product (id, code, name) for the list's filter and the form's select. */
export const versionProducto = z.object({
  id: z.number().int(),
  codigo: z.string(),
  nombre: z.string(),
  activo: z.boolean(),
});
export const versionProductos = z.array(versionProducto);

/** `GET /api/versiones/changelog`: the products that have published versions. */
export const changelogProducto = z.object({
  id: z.number().int(),
  nombre: z.string(),
  codigo: z.string(),
  publicadas: z.number().int(),
});
export const changelogProductos = z.array(changelogProducto);

/** `GET /api/versiones/changelog/:id`: one product's published versions, newest version first, notes rendered. */
export const changelog = z.object({
  producto: z.object({ id: z.number().int(), nombre: z.string(), codigo: z.string() }),
  versiones: z.array(
    z.object({
      id: z.number().int(),
      numero: z.string(),
      canal: z.enum(VERSION_CANALES),
      fecha_publicacion: z.string().nullable(),
      notas_html: z.string(),
      assets: z.array(versionAsset),
    }),
  ),
});
export type Changelog = z.infer<typeof changelog>;
