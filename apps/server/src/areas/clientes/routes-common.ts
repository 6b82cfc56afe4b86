import { errorBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import { z } from 'zod';

// What the clients' route files share: their tag, access codes, error answers and parameters.

export const tags = ['clientes'];
export const VER = { access: 'CLIENTES#VER' } as const;
export const EDITAR = { access: 'CLIENTES#EDITAR' } as const;
const denied = { 401: errorBody, 403: errorBody };
export const bad = { 400: errorBody, ...denied };

export const servidorParams = z.object({ id: idParam.shape.id, servidorId: idParam.shape.id }).strict();
export const parametroParams = z.object({ id: idParam.shape.id, parametroId: idParam.shape.id }).strict();
