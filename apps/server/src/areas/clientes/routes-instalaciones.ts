import { clientesApi } from '@intranet/contract/areas/clientes/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.ts';
import type { Db } from '../../db/client.ts';
import { paginaDeInstalaciones } from './instalaciones.ts';
import { tags, VER } from './routes-common.ts';

/** The Instalaciones screen before a client is chosen: the clients with their installations, searched and paged. */
export const instalacionesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, clientesApi.instalaciones, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await paginaDeInstalaciones(db, request.query) }),
  });
};
