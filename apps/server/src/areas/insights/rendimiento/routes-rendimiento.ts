import { insightsRendimientoApi as api } from '@intranet/contract/areas/insights/rendimiento';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.ts';
import type { Db } from '../../../db/client.ts';
import {
  eliminarReglaLentitud,
  guardarReglaLentitud,
  reglasLentitud,
  rendimientoDe,
  transaccionDetalle,
  transaccionesDe,
  trazaDe,
} from './rendimiento.ts';
import { EDITAR, tags, VER } from '../routes-common.ts';

/** Performance data: the Rendimiento tab, a name's transactions, one transaction, a trace, and the slowness alerts. */
export const rendimientoRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, api.rendimiento, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await rendimientoDe(db, request.params.id, request.query) }),
  });

  route(app, api.transacciones, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await transaccionesDe(db, request.params.id, request.query) }),
  });

  route(app, api.transaccion, {
    config: VER,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await transaccionDetalle(db, request.params.id, request.params.transaccion),
    }),
  });

  route(app, api.traza, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await trazaDe(db, request.params.traza) }),
  });

  route(app, api.reglasLentitud, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await reglasLentitud(db, request.params.id) }),
  });

  route(app, api.crearReglaLentitud, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await guardarReglaLentitud(db, request.params.id, request.body),
    }),
  });

  route(app, api.eliminarReglaLentitud, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarReglaLentitud(db, request.params.id, request.params.regla);
      return { error: null, datos: null };
    },
  });
};
