import { z } from 'zod';
import { LISTAS_VIVAS, type ListaViva } from '../registry.ts';

// The lists that update themselves when someone else changes what they show (registry.ts builds LISTAS_VIVAS from
// the areas' declarations). One stream per browser tab carries their changes:
// `GET {api}/api/vivo?listas=servidores,dns` (server-sent events).
export type { ListaViva } from '../registry.ts';

const esListaViva = (lista: string): lista is ListaViva => (LISTAS_VIVAS as readonly string[]).includes(lista);

export const vivoQuery = z
  .object({
    /** The lists the tab shows (comma-separated); those the caller may not read are left out, not refused. */
    listas: z
      .string({ error: 'Este campo es requerido' })
      .max(500, 'Máximo 500 caracteres')
      .transform((v, ctx) => {
        const listas = [
          ...new Set(
            v
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean),
          ),
        ];
        const desconocidas = listas.filter((l) => !esListaViva(l));
        if (listas.length === 0 || desconocidas.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message:
              listas.length === 0
                ? 'Indique al menos una lista'
                : `Lista desconocida: ${desconocidas.join(', ')}; use una de: ${LISTAS_VIVAS.join(', ')}`,
          });
          return z.NEVER;
        }
        return listas.filter(esListaViva);
      }),
  })
  .strict();

/** The stream's events: `listo` once (the lists it will announce), then `cambio` each time one of them changed. */
export const VIVO_EVENTOS = { listo: 'listo', cambio: 'cambio' } as const;

/** `event: listo`: the lists of those asked that the caller may read, which the stream will announce. */
export const vivoListo = z.object({ listas: z.array(z.enum(LISTAS_VIVAS)) });
/** `event: cambio`: something this list shows changed; read it again. */
export const vivoCambio = z.object({ lista: z.enum(LISTAS_VIVAS) });

/** How often the stream sends a comment so that proxies keep it open, and checks the session still holds (ms). */
export const VIVO_LATIDO_MS = 25_000;
