import { z } from 'zod';
import { MAX_ID } from '@intranet/contract/shared/list';
import { richText } from '@intranet/contract/shared/rich-text';
import { DESARROLLO_PRIORIDADES, optionalId } from '@intranet/contract/shared/entre-areas';
import { requiredText } from '@intranet/contract/shared/validators';

// The payload of a development's form and of its create and update calls. Its own module, re-exported by
// desarrollos.ts: its rich-text field checks documents with the editor's model (ProseMirror), which the screens
// that only read developments (the home's panel) need not load.

const FECHA_INVALIDA = 'Fecha inválida (aaaa-mm-dd)';
const fecha = z.iso.date({ error: FECHA_INVALIDA });
const optionalFecha = z
  .string({ error: FECHA_INVALIDA })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.union([z.null(), fecha], { error: FECHA_INVALIDA }));

const HORAS_MAX = 100_000;
const optionalHoras = z
  .number({ error: 'Debe ser un número' })
  .min(0, 'No puede ser negativo')
  .max(HORAS_MAX, `Máximo ${HORAS_MAX}`)
  .multipleOf(0.25, 'En cuartos de hora (0,25)')
  .nullish()
  .transform((v) => v ?? null);

/** Whether the request date and `campo` parsed without issues (a refinement's `when`). */
const fechasValidas =
  (campo: string) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] | undefined }[] }): boolean =>
    // Not an object at all (no body, a list): its type error says it; there are no dates to compare.
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    payload.issues.every((issue) => issue.path?.[0] !== 'fecha_solicitud' && issue.path?.[0] !== campo);

export const COMPROMISO_ANTERIOR = 'La fecha de compromiso no puede ser anterior a la de solicitud';
export const ENTREGA_ANTERIOR = 'La fecha de entrega no puede ser anterior a la de solicitud';

/**
 * Create and update payload (`POST /api/desarrollos`, `PUT /api/desarrollos/:id`). The state is not in it:
 * a development is created pendiente and moves only through `POST /api/desarrollos/:id/estado`.
 */
export const desarrolloInput = z
  .object({
    titulo: requiredText(200),
    empresa_id: optionalId('Cliente inválido'),
    producto_id: z
      .number({ error: 'Elija un producto' })
      .int('Elija un producto')
      .positive('Elija un producto')
      .max(MAX_ID, 'Id inválido'),
    descripcion: richText,
    prioridad: z.enum(DESARROLLO_PRIORIDADES, { error: 'Prioridad inválida' }).default('media'),
    responsable_id: optionalId('Responsable inválido'),
    horas_estimadas: optionalHoras,
    horas_reales: optionalHoras,
    fecha_solicitud: fecha,
    fecha_compromiso: optionalFecha,
    fecha_entrega: optionalFecha,
    version_id: optionalId('Versión inválida'),
  })
  .strict()
  // ISO dates compare as text. Each check runs as soon as its two dates are valid, whatever else is wrong,
  // so the form shows it together with the other errors.
  .refine((v) => !v.fecha_compromiso || v.fecha_compromiso >= v.fecha_solicitud, {
    path: ['fecha_compromiso'],
    message: COMPROMISO_ANTERIOR,
    when: fechasValidas('fecha_compromiso'),
  })
  .refine((v) => !v.fecha_entrega || v.fecha_entrega >= v.fecha_solicitud, {
    path: ['fecha_entrega'],
    message: ENTREGA_ANTERIOR,
    when: fechasValidas('fecha_entrega'),
  });
export type DesarrolloInput = z.input<typeof desarrolloInput>;
export type DesarrolloValues = z.output<typeof desarrolloInput>;
