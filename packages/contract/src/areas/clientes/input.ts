import { z } from 'zod';
import { cuit } from '@intranet/contract/shared/cuit';
import { richText } from '@intranet/contract/shared/rich-text';
import { clienteCondicionIva, clienteProvincia, optionalId } from '@intranet/contract/shared/entre-areas';
import { optionalText, requiredText } from '@intranet/contract/shared/validators';

// The payload of a client's form and of its create and update calls. Its own module, re-exported by clientes.ts:
// its rich-text notes are checked with the editor's model (ProseMirror), which the screens that only read
// clients (a person's clients tab, the client select of other areas) need not load.

const optionalEmail = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.union([z.null(), z.email('Email inválido')], { error: 'Email inválido' }));

/** Create and update payload (`POST /api/empresas`, `PUT /api/empresas/:id`). */
export const clienteInput = z
  .object({
    razon_social: requiredText(200),
    nombre_fantasia: optionalText(200),
    cuit,
    condicion_iva: clienteCondicionIva,
    email: optionalEmail,
    telefono: optionalText(50),
    domicilio: optionalText(200),
    localidad: optionalText(100),
    provincia: clienteProvincia,
    activo: z.boolean().default(true),
    contacto_id: optionalId('Elija un contacto'),
    notas: richText,
  })
  .strict();
export type ClienteInput = z.input<typeof clienteInput>;
export type ClienteValues = z.output<typeof clienteInput>;
