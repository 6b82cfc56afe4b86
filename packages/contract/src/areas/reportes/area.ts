import type { AreaContrato } from '@intranet/contract/shared/area';

/** Reportes: the report catalogue; each report names the codes that read it (reportes.ts). */
export const area = {
  nombre: 'reportes',
} as const satisfies AreaContrato;
