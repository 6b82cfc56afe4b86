import { z } from 'zod';
import { MAX_ID } from '@intranet/contract/shared/list';
import { VISTA_LISTAS, type VistaLista } from '../registry.ts';
import { requiredText } from '@intranet/contract/shared/validators';

// The lists are the areas' (registry.ts builds VISTA_LISTAS from their declarations).
export { VISTA_LISTAS, type VistaLista } from '../registry.ts';

const LISTAS = Object.keys(VISTA_LISTAS) as [VistaLista, ...VistaLista[]];
export const isVistaLista = (id: string): id is VistaLista => Object.hasOwn(VISTA_LISTAS, id);

const lista = z.enum(LISTAS, { error: 'Lista desconocida' });

/** What a view keeps: the list's query string (filters, sort, search, page size) and the columns it hides. */
const estado = {
  params: z
    .string()
    .max(2000, 'Máximo 2000 caracteres')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a saved query may not hold.
    .refine((v) => !/[\u0000-\u001f]/.test(v), 'Contiene caracteres no permitidos')
    .transform((v) => v.replace(/^\?/, '')),
  ocultas: z.array(z.string().min(1).max(100)).max(100),
};

export const vistaInput = z
  .object({
    lista,
    nombre: requiredText(80),
    compartida: z.boolean().default(false),
    ...estado,
  })
  .strict();
export type VistaInput = z.input<typeof vistaInput>;

/** `PUT /api/vistas/:id`: rename, share or stop sharing, or keep the list's current state in it. */
export const vistaCambios = z
  .object({ nombre: requiredText(80).optional(), compartida: z.boolean().optional(), ...estado })
  .partial()
  .strict();
export type VistaCambios = z.input<typeof vistaCambios>;

export const vista = z.object({
  id: z.number().int(),
  lista,
  nombre: z.string(),
  compartida: z.boolean(),
  params: z.string(),
  ocultas: z.array(z.string()),
  /** The owner's name; the caller's own views are `propia`. */
  autor: z.string(),
  propia: z.boolean(),
  actualizado: z.string(),
});
export type Vista = z.infer<typeof vista>;

export const vistasQuery = z.object({ lista }).strict();
export const vistasRespuesta = z.object({
  vistas: z.array(vista),
  /** The view the caller opens the list with, or null. */
  predeterminada: z.number().int().nullable(),
});

/** `PUT /api/vistas/predeterminada`: the view a list opens with for the caller (null: none). */
export const predeterminadaInput = z
  .object({ lista, vista_id: z.number().int().positive().max(MAX_ID, 'Id inválido').nullable() })
  .strict();
