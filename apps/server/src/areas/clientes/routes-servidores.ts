import { servidorCliente, servidorClienteInput, servidoresClienteResponse } from '@intranet/contract/areas/clientes';
import { errorBody, envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sessionOf } from '../../plugins/access.ts';
import { crearServidor, eliminarServidor, modificarServidor, servidoresDeEmpresa } from './servidores.ts';
import { bad, EDITAR, servidorParams, tags, VER } from './routes-common.ts';

/** A client's servers. */
export const servidoresClienteRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/empresas/:id/servidores', {
    config: VER,
    schema: {
      tags,
      summary: 'Servidores del cliente con sus DNS',
      description:
        'La forma de la especificación (`datos`: servidores con `nombre` y `dnss: [{id, host}]`) más los campos del servidor.',
      params: idParam,
      response: { 200: servidoresClienteResponse, ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await servidoresDeEmpresa(db, request.params.id) }),
  });

  app.post('/api/empresas/:id/servidores', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Agrega un servidor al cliente',
      params: idParam,
      body: servidorClienteInput,
      response: { 201: envelope(servidorCliente), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request, reply) => {
      const creado = await crearServidor(db, request.params.id, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  app.put('/api/empresas/:id/servidores/:servidorId', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica un servidor del cliente',
      params: servidorParams,
      body: servidorClienteInput,
      response: { 200: envelope(servidorCliente), ...bad, 404: errorBody, 409: errorBody },
    },
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

  app.delete('/api/empresas/:id/servidores/:servidorId', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina un servidor del cliente (y sus parámetros)',
      params: servidorParams,
      response: { 200: okBody, ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      await eliminarServidor(db, request.params.id, request.params.servidorId, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
