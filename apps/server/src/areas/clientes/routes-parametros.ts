import { clientesApi } from '@intranet/contract/areas/clientes/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { route } from '../../core/endpoint.ts';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sessionOf } from '../../plugins/access.ts';
import {
  copiarParametros,
  crearParametro,
  eliminarParametro,
  modificarParametro,
  parametrosDe,
  revelarSecreto,
} from './parametros.ts';
import { secretsKeyOf } from '../../core/secretos.ts';
import { EDITAR, tags, VER } from './routes-common.ts';

/** A client's installation parameters: list, copy from another client, changes and revealing a secret. */
export const parametrosRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Resolved at start so a missing SECRETS_KEY is announced then, not at the first secret.
  const key = secretsKeyOf(config);
  const api = clientesApi;

  route(app, api.parametros, {
    config: VER,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await parametrosDe(db, request.params.id, request.query.servidor_id),
    }),
  });

  route(app, api.copiarParametros, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await copiarParametros(
        db,
        request.params.id,
        request.body.desde_empresa_id,
        request.body.modo,
        autorDe(sessionOf(request)),
      ),
    }),
  });

  route(app, api.crearParametro, {
    config: EDITAR,
    tags,
    handler: async (request, reply) => {
      const creado = await crearParametro(db, key, request.params.id, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  route(app, api.modificarParametro, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarParametro(
        db,
        key,
        request.params.id,
        request.params.parametroId,
        request.body,
        autorDe(sessionOf(request)),
      ),
    }),
  });

  route(app, api.eliminarParametro, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarParametro(db, request.params.id, request.params.parametroId, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  route(app, api.revelarSecreto, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: {
        valor: await revelarSecreto(
          db,
          key,
          request.params.id,
          request.params.parametroId,
          autorDe(sessionOf(request)),
        ),
      },
    }),
  });
};
