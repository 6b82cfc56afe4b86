import { z } from 'zod';
import { idList, listQuery, paged, queryBoolean } from './list.ts';
import { loteBody, loteExportBody } from './lote.ts';
import { richText } from './rich-text.ts';
import { richTextDocument } from './rich-text-document.ts';
import { optionalText, requiredText } from './validators.ts';

// ---- Productos (AREAS.md "Soluciones"; issue 4). Read PROD#VER, write PROD#EDITAR. ----

/** Product kinds; the Spanish names the screens show live in the web's messages. */
export const PRODUCTO_TIPOS = ['escritorio', 'web', 'movil', 'servicio'] as const;
export type ProductoTipo = (typeof PRODUCTO_TIPOS)[number];

/** A product code: letters, digits, dot, dash, underscore; unique whatever its case. */
export const productoCodigo = z
  .string({ error: 'Este campo es requerido' })
  .trim()
  .min(1, 'Este campo es requerido')
  .max(30, 'Máximo 30 caracteres')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Solo letras, números, punto, guion y guion bajo, sin espacios');

/** Create and update payload (`POST /api/productos`, `PUT /api/productos/:id`). */
export const productoInput = z
  .object({
    codigo: productoCodigo,
    nombre: requiredText(120),
    linea: optionalText(80),
    tipo: z.enum(PRODUCTO_TIPOS, { error: 'Tipo inválido' }),
    activo: z.boolean().default(true),
    responsable: optionalText(120),
    descripcion: richText,
  })
  .strict();
export type ProductoInput = z.input<typeof productoInput>;
export type ProductoValues = z.output<typeof productoInput>;

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
/** Bulk actions on the list (issue 21): delete, or set active, line, kind or owner. */
export const productoLote = loteBody(productoExportQuery, {
  activo: productoInput.shape.activo.unwrap(),
  linea: productoInput.shape.linea,
  tipo: productoInput.shape.tipo,
  responsable: productoInput.shape.responsable,
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
