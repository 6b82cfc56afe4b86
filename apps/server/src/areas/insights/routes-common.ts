import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Origen } from './proyectos.ts';

// What the monitor's route files share: their tag, access codes, and where DSNs point.

export const tags = ['insights'];
export const VER = { access: 'SER#VER' } as const;
export const EDITAR = { access: 'INSIGHTS#EDITAR' } as const;

/** DSNs are built on PUBLIC_URL when set, else on the origin the request reached. */
export const origenDe = (config: Config, request: FastifyRequest): Origen | string =>
  config.publicUrl || { protocol: request.protocol, host: request.host };
