import type { AreaContrato } from '../../shared/area.ts';

/** Auditoría: the history of every record, read with the code its area names. */
export const area = {
  nombre: 'auditoria',
} as const satisfies AreaContrato;
