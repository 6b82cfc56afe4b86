import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import { identidadExterna, identidadInput, identidadParams } from '../auth.ts';

// The outside identities (directory, OpenID) linked to an account, declared once for the server and the web
// (shared/endpoint.ts).

const BASE = '/api/usuarios/:id/identidades';

export const identidadesApi = {
  deCuenta: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Las identidades externas (directorio, OpenID) vinculadas a una cuenta',
    params: idParam,
    answer: envelope(z.array(identidadExterna)),
    errors: [400, 401, 403, 404],
  }),
  vincular: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Vincula una identidad externa a una cuenta',
    description:
      'Directorio: el usuario o el DN de la persona, que se busca allí con la cuenta propia del portal y queda vinculada por su entryUUID, objectGUID o, sin ellos, su DN. OpenID: el sujeto (`sub`) y su emisor (vacío: el configurado). 409 si ya está vinculada a otra cuenta.',
    params: idParam,
    body: identidadInput,
    answer: envelope(identidadExterna),
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  desvincular: endpoint({
    method: 'DELETE',
    path: `${BASE}/:identidadId`,
    summary: 'Desvincula una identidad externa de una cuenta',
    params: identidadParams,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
};
