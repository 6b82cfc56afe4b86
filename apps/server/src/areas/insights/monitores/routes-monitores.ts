import { monitoresApi as api } from '@intranet/contract/areas/insights/monitores';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.ts';
import type { Db } from '../../../db/client.ts';
import { crearMonitor, eliminarMonitor, modificarMonitor, monitorDetalle, monitoresDeProyecto } from './crons.ts';
import { EDITAR, tags, VER } from '../routes-common.ts';

/** The cron monitors of a project (the SDKs' check-ins): list, detail with its history, and hand-made changes. */
export const monitoresRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, api.monitoresProyecto, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await monitoresDeProyecto(db, request.params.id) }),
  });

  route(app, api.monitor, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await monitorDetalle(db, request.params.id) }),
  });

  route(app, api.crearMonitor, {
    config: EDITAR,
    tags,
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await crearMonitor(db, request.params.id, request.body) }),
  });

  route(app, api.modificarMonitor, {
    config: EDITAR,
    tags,
    handler: async (request) => ({ error: null, datos: await modificarMonitor(db, request.params.id, request.body) }),
  });

  route(app, api.eliminarMonitor, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarMonitor(db, request.params.id);
      return { error: null, datos: null };
    },
  });
};
