import type { AreaContrato } from '../../shared/area.ts';

/** Ingreso: signing in and out, the session, the own password and the API tokens. */
export const area = {
  nombre: 'auth',
} as const satisfies AreaContrato;
