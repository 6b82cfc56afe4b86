import type { AreaContrato } from '@intranet/contract/shared/area';

/** Búsqueda: the command palette's search over the kinds the other areas declare. */
export const area = {
  nombre: 'busqueda',
} as const satisfies AreaContrato;
