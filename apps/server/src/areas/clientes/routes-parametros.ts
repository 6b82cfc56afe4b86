import {
  copiarParametrosInput,
  copiarParametrosResult,
  parametro,
  parametroInput,
  parametros as parametrosSchema,
  parametrosQuery,
  parametroUpdate,
  secretoRevelado,
} from '@intranet/contract/areas/clientes';
import { errorBody, envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sessionOf } from '../../plugins/access.ts';
import {
  copiarParametros,
  crearParametro,
  eliminarParametro,
  modificarParametro,
  parametrosDe,
  revelarSecreto,
} from './parametros.ts';
import { secretsKeyOf } from '../../core/secretos.ts';
import { bad, EDITAR, parametroParams, tags, VER } from './routes-common.ts';

/** A client's installation parameters: list, copy from another client, changes and revealing a secret. */
export const parametrosRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Resolved at start so a missing SECRETS_KEY is announced then, not at the first secret.
  const key = secretsKeyOf(config);

  app.get('/api/empresas/:id/parametros', {
    config: VER,
    schema: {
      tags,
      summary: 'Parámetros del cliente, o de uno de sus servidores',
      description: 'Los secretos llegan con `valor: null`; se leen con `POST …/revelar`.',
      params: idParam,
      querystring: parametrosQuery,
      response: { 200: envelope(parametrosSchema), ...bad, 404: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await parametrosDe(db, request.params.id, request.query.servidor_id),
    }),
  });

  app.post('/api/empresas/:id/parametros/copiar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Copia los parámetros de otro cliente (en una transacción)',
      description:
        'Copia los parámetros propios del otro cliente (no los de sus servidores); `modo` decide qué hacer con las claves que ya existen.',
      params: idParam,
      body: copiarParametrosInput,
      response: { 200: envelope(copiarParametrosResult), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await copiarParametros(
        db,
        request.params.id,
        request.body.desde_empresa_id,
        request.body.modo,
        autorDe(sessionOf(request)),
      ),
    }),
  });

  app.post('/api/empresas/:id/parametros', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Agrega un parámetro',
      params: idParam,
      body: parametroInput,
      response: { 201: envelope(parametro), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request, reply) => {
      const creado = await crearParametro(db, key, request.params.id, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  app.put('/api/empresas/:id/parametros/:parametroId', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica un parámetro',
      params: parametroParams,
      body: parametroUpdate,
      response: { 200: envelope(parametro), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarParametro(
        db,
        key,
        request.params.id,
        request.params.parametroId,
        request.body,
        autorDe(sessionOf(request)),
      ),
    }),
  });

  app.delete('/api/empresas/:id/parametros/:parametroId', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina un parámetro',
      params: parametroParams,
      response: { 200: okBody, ...bad, 404: errorBody },
    },
    handler: async (request) => {
      await eliminarParametro(db, request.params.id, request.params.parametroId, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  app.post('/api/empresas/:id/parametros/:parametroId/revelar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Muestra un secreto (queda registrado en la auditoría)',
      params: parametroParams,
      response: { 200: envelope(secretoRevelado), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: {
        valor: await revelarSecreto(
          db,
          key,
          request.params.id,
          request.params.parametroId,
          autorDe(sessionOf(request)),
        ),
      },
    }),
  });
};
