import { identidadExterna, identidadInput, identidadParams } from '@intranet/contract/areas/auth';
import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sessionOf } from '../../plugins/access.ts';
import { desvincularIdentidad, identidadesDeCuenta, vincularIdentidad } from './identities.ts';

const tags = ['auth'];
const ADMIN = { access: 'USUARIOS#ADMIN' } as const;
const denied = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The outside identities (directory, OpenID) linked to an account: listed, linked and unlinked by an administrator. */
export const identityRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get('/api/usuarios/:id/identidades', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Las identidades externas (directorio, OpenID) vinculadas a una cuenta',
      params: idParam,
      response: { 200: envelope(z.array(identidadExterna)), ...denied },
    },
    handler: async (request) => ({ error: null, datos: await identidadesDeCuenta(db, request.params.id) }),
  });

  app.post('/api/usuarios/:id/identidades', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Vincula una identidad externa a una cuenta',
      description:
        'Directorio: el usuario o el DN de la persona, que se busca allí con la cuenta propia del portal y queda vinculada por su entryUUID, objectGUID o, sin ellos, su DN. OpenID: el sujeto (`sub`) y su emisor (vacío: el configurado). 409 si ya está vinculada a otra cuenta.',
      params: idParam,
      body: identidadInput,
      response: { 201: envelope(identidadExterna), ...denied, 409: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send({
        error: null,
        datos: await vincularIdentidad(db, config, request.params.id, request.body, autorDe(sessionOf(request))),
      }),
  });

  app.delete('/api/usuarios/:id/identidades/:identidadId', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Desvincula una identidad externa de una cuenta',
      params: identidadParams,
      response: { 200: okBody, ...denied },
    },
    handler: async (request) => {
      await desvincularIdentidad(db, request.params.id, request.params.identidadId, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
