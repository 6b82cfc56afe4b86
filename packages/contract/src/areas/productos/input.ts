import { z } from 'zod';
import { richText } from '@intranet/contract/shared/rich-text';
import { productoLinea, productoResponsable, productoTipo } from '@intranet/contract/shared/entre-areas';
import { requiredText } from '@intranet/contract/shared/validators';

// The payload of a product's form and of its create and update calls. Its own module, re-exported by
// productos.ts: its rich-text description is checked with the editor's model (ProseMirror), which the screens
// that only offer products to choose from (the reports' filters, the clients' licences) need not load.

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
    linea: productoLinea,
    tipo: productoTipo,
    activo: z.boolean().default(true),
    responsable: productoResponsable,
    descripcion: richText,
  })
  .strict();
export type ProductoInput = z.input<typeof productoInput>;
export type ProductoValues = z.output<typeof productoInput>;
