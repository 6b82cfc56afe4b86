import { z } from 'zod';
import { MAX_ID } from '@intranet/contract/shared/list';
import { richText } from '@intranet/contract/shared/rich-text';
import { VERSION_CANALES } from '@intranet/contract/shared/entre-areas';
import { versionNumero } from '@intranet/contract/shared/version-numero';

// The payload of a version's form and of its create and update calls. Its own module, re-exported by
// versiones.ts: its rich-text notes are checked with the editor's model (ProseMirror), which the screens that
// only read versions (the home's panel) need not load.

/** Create and update payload (`POST /api/versiones`, `PUT /api/versiones/:id`). */
export const versionInput = z
  .object({
    producto_id: z
      .number({ error: 'Este campo es requerido' })
      .int()
      .positive('Este campo es requerido')
      .max(MAX_ID, 'Id inválido'),
    numero: versionNumero,
    canal: z.enum(VERSION_CANALES, { error: 'Canal inválido' }),
    notas: richText,
  })
  .strict();
export type VersionInput = z.input<typeof versionInput>;
export type VersionValues = z.output<typeof versionInput>;
