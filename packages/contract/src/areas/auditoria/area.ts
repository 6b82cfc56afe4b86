import type { AreaContrato } from '@intranet/contract/shared/area';

/** Auditoría: the history of every record, read with the code its area names. */
export const area = {
  nombre: 'auditoria',
} as const satisfies AreaContrato;
