import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { comentario, comentarioInput } from '@intranet/contract/areas/insights';
import { idParam } from '@intranet/contract/shared/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sessionOf } from '../../plugins/access.ts';
import { comentar, comentariosDe, eliminarComentario } from './comentarios.ts';
import { EDITAR, missing, tags, VER } from './routes-common.ts';

/** An issue's comments. */
export const comentariosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/insights/issues/:id/comentarios', {
    config: VER,
    schema: {
      tags,
      summary: 'Comentarios de un error',
      params: idParam,
      response: { 200: envelope(z.array(comentario)), ...missing },
    },
    handler: async (request) => ({ error: null, datos: await comentariosDe(db, request.params.id) }),
  });

  app.post('/api/insights/issues/:id/comentarios', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Comenta un error',
      params: idParam,
      body: comentarioInput,
      response: { 201: envelope(comentario), ...missing },
    },
    handler: async (request, reply) => {
      const datos = await comentar(db, request.params.id, request.body.texto, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos });
    },
  });

  app.delete('/api/insights/comentarios/:id', {
    config: EDITAR,
    schema: { tags, summary: 'Elimina un comentario', params: idParam, response: { 200: okBody, ...missing } },
    handler: async (request) => {
      await eliminarComentario(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
