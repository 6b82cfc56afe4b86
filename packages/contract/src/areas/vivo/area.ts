import type { AreaContrato } from '../../shared/area.ts';

/** Vivo: the stream that tells a browser tab when a live list of another area changed. */
export const area = {
  nombre: 'vivo',
} as const satisfies AreaContrato;
