import type { AreaContrato } from '../../shared/area.ts';

/** Búsqueda: the command palette's search over the kinds the other areas declare. */
export const area = {
  nombre: 'busqueda',
} as const satisfies AreaContrato;
