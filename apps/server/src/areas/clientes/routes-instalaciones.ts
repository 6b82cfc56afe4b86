import { instalacionesListQuery, instalacionesPage } from '@intranet/contract/areas/clientes';
import { envelope } from '@intranet/contract/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { paginaDeInstalaciones } from './instalaciones.ts';
import { bad, tags, VER } from './routes-common.ts';

/** The Instalaciones screen before a client is chosen: the clients with their installations, searched and paged. */
export const instalacionesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/empresas/instalaciones', {
    config: VER,
    schema: {
      tags,
      summary: 'Clientes con sus instalaciones (servidores) y cuántos parámetros tienen',
      description:
        '`q` busca como la lista de clientes (razón social, nombre de fantasía o CUIT). `instalaciones`: cuántas tienen en total los clientes que coinciden (null si son más de los que una lista cuenta).',
      querystring: instalacionesListQuery,
      response: { 200: envelope(instalacionesPage), ...bad },
    },
    handler: async (request) => ({ error: null, datos: await paginaDeInstalaciones(db, request.query) }),
  });
};
