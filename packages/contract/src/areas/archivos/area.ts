import type { AreaContrato } from '../../shared/area.ts';

/** Archivos: the file store the packages, versions and apps attach to. */
export const area = {
  nombre: 'archivos',
} as const satisfies AreaContrato;
