import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { proyecto, proyectoInput, releaseProyecto } from '@intranet/contract/areas/insights';
import { idParam } from '@intranet/contract/shared/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sessionOf } from '../../plugins/access.ts';
import type { CacheProyectos } from './intake/routes.ts';
import { eliminarRelease, releasesDe } from './releases.ts';
import {
  crearProyecto,
  eliminarProyecto,
  modificarProyecto,
  proyectoDetalle,
  proyectosLista,
  rotarClave,
} from './proyectos.ts';
import { bad, denied, EDITAR, missing, origenDe, tags, VER } from './routes-common.ts';

/** The monitor's projects: list, detail, changes, key rotation; a change drops the intake's cached project. */
export const proyectosRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; cache: CacheProyectos }> = async (
  app,
  { db, config, cache },
) => {
  app.get('/api/insights/proyectos', {
    config: VER,
    schema: {
      tags,
      summary: 'Proyectos del monitor con su DSN',
      response: { 200: envelope(z.array(proyecto)), ...denied },
    },
    handler: async (request) => ({ error: null, datos: await proyectosLista(db, origenDe(config, request)) }),
  });

  app.get('/api/insights/proyectos/:id', {
    config: VER,
    schema: { tags, summary: 'Un proyecto', params: idParam, response: { 200: envelope(proyecto), ...missing } },
    handler: async (request) => ({
      error: null,
      datos: await proyectoDetalle(db, origenDe(config, request), request.params.id),
    }),
  });

  app.post('/api/insights/proyectos', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Crea un proyecto (con una clave nueva)',
      body: proyectoInput,
      response: { 201: envelope(proyecto), 409: errorBody, ...bad },
    },
    handler: async (request, reply) => {
      const datos = await crearProyecto(db, origenDe(config, request), request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos });
    },
  });

  app.put('/api/insights/proyectos/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica un proyecto',
      params: idParam,
      body: proyectoInput,
      response: { 200: envelope(proyecto), 409: errorBody, ...missing },
    },
    handler: async (request) => {
      const datos = await modificarProyecto(
        db,
        origenDe(config, request),
        request.params.id,
        request.body,
        autorDe(sessionOf(request)),
      );
      cache.olvidar(datos.id);
      return { error: null, datos };
    },
  });

  app.post('/api/insights/proyectos/:id/rotar-clave', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Genera una clave nueva; el DSN anterior deja de aceptarse',
      params: idParam,
      response: { 200: envelope(proyecto), ...missing },
    },
    handler: async (request) => {
      const datos = await rotarClave(db, origenDe(config, request), request.params.id, autorDe(sessionOf(request)));
      cache.olvidar(datos.id);
      return { error: null, datos };
    },
  });

  app.delete('/api/insights/proyectos/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina un proyecto con sus errores, eventos y comentarios',
      params: idParam,
      response: { 200: okBody, ...missing },
    },
    handler: async (request) => {
      await eliminarProyecto(db, origenDe(config, request), request.params.id, autorDe(sessionOf(request)));
      cache.olvidar(request.params.id);
      return { error: null, datos: null };
    },
  });

  app.get('/api/insights/proyectos/:id/releases', {
    config: VER,
    schema: {
      tags,
      summary: 'Releases del proyecto: vistas en eventos o creadas por sentry-cli, con sus bundles',
      params: idParam,
      response: { 200: envelope(z.array(releaseProyecto)), ...missing },
    },
    handler: async (request) => ({ error: null, datos: await releasesDe(db, request.params.id) }),
  });

  app.delete('/api/insights/proyectos/:id/releases', {
    config: EDITAR,
    schema: {
      tags,
      summary:
        'Elimina el registro de una release y sus bundles (sin `version`: los bundles subidos sin release); los eventos quedan',
      params: idParam,
      querystring: z.object({ version: z.string().min(1).max(200).optional() }),
      response: { 200: okBody, ...missing },
    },
    handler: async (request) => {
      await eliminarRelease(db, request.params.id, request.query.version ?? null, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
