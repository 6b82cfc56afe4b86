import { z } from 'zod';
import { idList, listQuery, paged, queryBoolean } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { richTextDocument } from '@intranet/contract/shared/rich-text-document';
import {
  PRODUCTO_TIPOS,
  productoLinea,
  productoResponsable,
  productoTipo,
} from '@intranet/contract/shared/entre-areas';

// ---- Productos. Read PROD#VER, write PROD#EDITAR. ----

export { PRODUCTO_TIPOS, type ProductoTipo } from '@intranet/contract/shared/entre-areas';
export { productoInput, type ProductoInput, type ProductoValues } from './productos/input.ts';

/** A product as the list answers it (without its description). */
export const productoFila = z.object({
  id: z.number().int(),
  codigo: z.string(),
  nombre: z.string(),
  linea: z.string().nullable(),
  tipo: z.enum(PRODUCTO_TIPOS),
  activo: z.boolean(),
  responsable: z.string().nullable(),
  creado: z.string(),
  actualizado: z.string(),
});
export type ProductoFila = z.infer<typeof productoFila>;

/** `GET /api/productos/:id` and the create/update answers: the row with its stored description. */
export const producto = productoFila.extend({ descripcion: richTextDocument });
export type Producto = z.infer<typeof producto>;

export const PRODUCTO_SORT = ['codigo', 'nombre', 'linea', 'tipo', 'activo', 'responsable', 'actualizado'] as const;
export const productoListQuery = listQuery(PRODUCTO_SORT, {
  linea: z.string().trim().max(80).optional(),
  tipo: z.enum(PRODUCTO_TIPOS, { error: 'Tipo inválido' }).optional(),
  activo: queryBoolean.optional(),
});
export const productoPage = paged(productoFila);

/** `GET /api/productos/export.csv`: the list's filters and sort, every matching row. */
export const productoExportQuery = productoListQuery.omit({ page: true, size: true });
/** Bulk actions on the list: delete, or set active, line, kind or owner. */
export const productoLote = loteBody(productoExportQuery, {
  activo: z.boolean(),
  linea: productoLinea,
  tipo: productoTipo,
  responsable: productoResponsable,
});
export const productoLoteExport = loteExportBody(productoExportQuery);

/** `POST /api/productos/eliminar`, answered with how many went. */
export const productoBulkDelete = idList;
export const productoBulkDeleteResult = z.object({ eliminados: z.number().int().nonnegative() });

/** `GET /api/productos/:id/descripcion.html`: the stored description rendered through the editor's schema. */
export const productoDescripcionHtml = z.object({ html: z.string() });

/** `GET /api/productos/opciones`: active products for other areas' selects. */
export const productoOpcion = z.object({ id: z.number().int(), codigo: z.string(), nombre: z.string() });
export type ProductoOpcion = z.infer<typeof productoOpcion>;
export const productoOpciones = z.array(productoOpcion);

/** `GET /api/productos/lineas`: the product lines in use, for the list's filter. */
export const productoLineas = z.array(z.string());
