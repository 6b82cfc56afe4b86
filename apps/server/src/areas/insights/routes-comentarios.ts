import { insightsApi } from '@intranet/contract/areas/insights/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.ts';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sessionOf } from '../../plugins/access.ts';
import { comentar, comentariosDe, eliminarComentario } from './comentarios.ts';
import { EDITAR, tags, VER } from './routes-common.ts';

/** An issue's comments. */
export const comentariosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = insightsApi;
  route(app, api.comentarios, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await comentariosDe(db, request.params.id) }),
  });

  route(app, api.comentar, {
    config: EDITAR,
    tags,
    handler: async (request, reply) => {
      const datos = await comentar(db, request.params.id, request.body.texto, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos });
    },
  });

  route(app, api.eliminarComentario, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarComentario(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
