import { desarrollosApi } from '@intranet/contract/areas/desarrollos/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.ts';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { listRoutes } from '../../lists/list-routes.ts';
import { sessionOf } from '../../plugins/access.ts';
import { misDesarrollos } from './mios.ts';
import { crearDesarrollo, eliminarDesarrollo, modificarDesarrollo, moverDesarrollo } from './cambios.ts';
import {
  desarrolloCambios,
  desarrolloDetalle,
  desarrolloOpciones,
  desarrollosCsv,
  desarrollosList,
  desarrollosSource,
  ENTIDAD,
  tableroDesarrollos,
} from './queries.ts';

export const desarrollosAuditoria: AuditEntities = { [ENTIDAD]: 'SER#VER' };

const tags = ['desarrollos'];
// The menu's Desarrollos item reads with SER#VER; writing needs the area's own code.
const VER = { access: 'SER#VER' } as const;
const EDITAR = { access: 'DESARROLLOS#EDITAR' } as const;

/** The desarrollos area (`{api}/api/desarrollos`): list, CSV, board, detail, state history, writes and moves. */
export const desarrollosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = desarrollosApi;
  listRoutes(app, api, {
    config: VER,
    tags,
    spec: desarrollosList,
    source: () => desarrollosSource(db),
    csv: { nombre: 'desarrollos', columnas: desarrollosCsv, source: () => desarrollosSource(db) },
  });

  route(app, api.tablero, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await tableroDesarrollos(db, request.query) }),
  });

  route(app, api.mios, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await misDesarrollos(db, sessionOf(request).usuario.id) }),
  });

  route(app, api.opciones, {
    config: VER,
    tags,
    handler: async () => ({ error: null, datos: await desarrolloOpciones(db) }),
  });

  route(app, api.detalle, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await desarrolloDetalle(db, request.params.id) }),
  });

  route(app, api.cambios, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await desarrolloCambios(db, request.params.id) }),
  });

  route(app, api.crear, {
    config: EDITAR,
    tags,
    handler: async (request, reply) => {
      const creado = await crearDesarrollo(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  route(app, api.modificar, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarDesarrollo(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.mover, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await moverDesarrollo(db, request.params.id, request.body.estado, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.eliminar, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarDesarrollo(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
