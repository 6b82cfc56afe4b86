import { insightsApi } from '@intranet/contract/areas/insights/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.ts';
import { autorDe } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import { sessionOf } from '../../../plugins/access.ts';
import { EDITAR, tags, VER } from '../routes-common.ts';
import { guardarAlertaDeSalud, saludDeProyecto } from './salud.ts';

/** Release health: the releases' crash-free rates and sessions per day, and the project's crash-free alert. */
export const saludRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, insightsApi.saludReleases, {
    config: VER,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await saludDeProyecto(db, request.params.id, request.query.dias, request.query.entorno),
    }),
  });

  route(app, insightsApi.saludAlerta, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await guardarAlertaDeSalud(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });
};
