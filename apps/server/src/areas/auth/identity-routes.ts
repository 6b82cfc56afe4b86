import { identidadesApi } from '@intranet/contract/areas/auth/identidades-endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { route } from '../../core/endpoint.ts';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sessionOf } from '../../plugins/access.ts';
import { desvincularIdentidad, identidadesDeCuenta, vincularIdentidad } from './identities.ts';

const tags = ['auth'];
const ADMIN = { access: 'USUARIOS#ADMIN' } as const;

/** The outside identities (directory, OpenID) linked to an account: listed, linked and unlinked by an administrator. */
export const identityRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  route(app, identidadesApi.deCuenta, {
    config: ADMIN,
    tags,
    handler: async (request) => ({ error: null, datos: await identidadesDeCuenta(db, request.params.id) }),
  });

  route(app, identidadesApi.vincular, {
    config: ADMIN,
    tags,
    handler: async (request, reply) =>
      reply.code(201).send({
        error: null,
        datos: await vincularIdentidad(db, config, request.params.id, request.body, autorDe(sessionOf(request))),
      }),
  });

  route(app, identidadesApi.desvincular, {
    config: ADMIN,
    tags,
    handler: async (request) => {
      await desvincularIdentidad(db, request.params.id, request.params.identidadId, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
