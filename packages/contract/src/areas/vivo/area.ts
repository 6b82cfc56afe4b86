import type { AreaContrato } from '@intranet/contract/shared/area';

/** Vivo: the stream that tells a browser tab when a live list of another area changed. */
export const area = {
  nombre: 'vivo',
} as const satisfies AreaContrato;
