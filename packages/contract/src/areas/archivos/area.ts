import type { AreaContrato } from '@intranet/contract/shared/area';

/** Archivos: the file store the packages, versions and apps attach to. */
export const area = {
  nombre: 'archivos',
} as const satisfies AreaContrato;
