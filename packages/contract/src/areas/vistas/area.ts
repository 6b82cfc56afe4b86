import type { AreaContrato } from '../../shared/area.ts';

/** Vistas: the saved views of the lists the other areas declare. */
export const area = {
  nombre: 'vistas',
} as const satisfies AreaContrato;
