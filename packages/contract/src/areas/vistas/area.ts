import type { AreaContrato } from '@intranet/contract/shared/area';

/** Vistas: the saved views of the lists the other areas declare. */
export const area = {
  nombre: 'vistas',
} as const satisfies AreaContrato;
