import { clientesApi } from '@intranet/contract/areas/clientes/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.ts';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sessionOf } from '../../plugins/access.ts';
import { crearServidor, eliminarServidor, modificarServidor, servidoresDeCliente } from './servidores.ts';
import { EDITAR, tags, VER } from './routes-common.ts';

/** A client's servers. */
export const servidoresClienteRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = clientesApi;

  route(app, api.servidores, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await servidoresDeCliente(db, request.params.id) }),
  });

  route(app, api.crearServidor, {
    config: EDITAR,
    tags,
    handler: async (request, reply) => {
      const creado = await crearServidor(db, request.params.id, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  route(app, api.modificarServidor, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarServidor(
        db,
        request.params.id,
        request.params.servidorId,
        request.body,
        autorDe(sessionOf(request)),
      ),
    }),
  });

  route(app, api.eliminarServidor, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarServidor(db, request.params.id, request.params.servidorId, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
