import {
  desarrollo,
  desarrolloCambios as desarrolloCambiosSchema,
  desarrolloEstadoInput,
  desarrolloExportQuery,
  desarrolloInput,
  desarrolloListQuery,
  desarrolloOpciones as desarrolloOpcionesSchema,
  desarrolloPage,
  desarrollosMios,
  tablero,
  tableroQuery,
} from '@intranet/contract/areas/desarrollos';
import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
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
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

/** The desarrollos area (`{api}/api/desarrollos`): list, CSV, board, detail, state history, writes and moves. */
export const desarrollosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/desarrollos', {
    config: VER,
    schema: {
      tags,
      summary: 'Lista paginada de desarrollos',
      querystring: desarrolloListQuery,
      response: { 200: envelope(desarrolloPage), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await listPage(desarrollosList, request.query, desarrollosSource(db)),
    }),
  });

  app.get('/api/desarrollos/export.csv', {
    config: VER,
    schema: {
      tags,
      summary: 'Todos los desarrollos de la lista filtrada, en CSV',
      querystring: desarrolloExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'desarrollos',
        columnas: desarrollosCsv,
        filas: listBatches(desarrollosList, request.query, desarrollosSource(db)),
      });
    },
  });

  app.get('/api/desarrollos/tablero', {
    config: VER,
    schema: {
      tags,
      summary: 'El tablero: una columna por estado con su total y sus primeras tarjetas',
      querystring: tableroQuery,
      response: { 200: envelope(tablero), ...bad },
    },
    handler: async (request) => ({ error: null, datos: await tableroDesarrollos(db, request.query) }),
  });

  app.get('/api/desarrollos/mios', {
    config: VER,
    schema: {
      tags,
      summary: 'Los desarrollos del usuario (su persona es la responsable), por estado',
      response: { 200: envelope(desarrollosMios), ...denied },
    },
    handler: async (request) => ({ error: null, datos: await misDesarrollos(db, sessionOf(request).usuario.id) }),
  });

  app.get('/api/desarrollos/opciones', {
    config: VER,
    schema: {
      tags,
      summary: 'Responsables (personal) y versiones por producto, para el formulario y los filtros',
      response: { 200: envelope(desarrolloOpcionesSchema), ...denied },
    },
    handler: async () => ({ error: null, datos: await desarrolloOpciones(db) }),
  });

  app.get('/api/desarrollos/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Un desarrollo con su descripción',
      params: idParam,
      response: { 200: envelope(desarrollo), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await desarrolloDetalle(db, request.params.id) }),
  });

  app.get('/api/desarrollos/:id/estados', {
    config: VER,
    schema: {
      tags,
      summary: 'Los cambios de estado del desarrollo, fechados, del primero al último',
      params: idParam,
      response: { 200: envelope(desarrolloCambiosSchema), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await desarrolloCambios(db, request.params.id) }),
  });

  app.post('/api/desarrollos', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Crea un desarrollo (pendiente)',
      body: desarrolloInput,
      response: { 201: envelope(desarrollo), ...bad, 409: errorBody },
    },
    handler: async (request, reply) => {
      const creado = await crearDesarrollo(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  app.put('/api/desarrollos/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica un desarrollo (el estado cambia solo con POST /estado)',
      params: idParam,
      body: desarrolloInput,
      response: { 200: envelope(desarrollo), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarDesarrollo(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.post('/api/desarrollos/:id/estado', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Mueve el desarrollo a otro estado',
      description: '409 con el motivo si la tabla de transiciones del contrato no lo permite.',
      params: idParam,
      body: desarrolloEstadoInput,
      response: { 200: envelope(desarrollo), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await moverDesarrollo(db, request.params.id, request.body.estado, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/desarrollos/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina un desarrollo con su historial de estados',
      params: idParam,
      response: { 200: okBody, ...bad, 404: errorBody },
    },
    handler: async (request) => {
      await eliminarDesarrollo(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
