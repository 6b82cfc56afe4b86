import type { AreaContrato } from '@intranet/contract/shared/area';

/** Ingreso: signing in and out, the session, the own password and the API tokens. */
export const area = {
  nombre: 'auth',
} as const satisfies AreaContrato;
