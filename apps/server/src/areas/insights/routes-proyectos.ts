import { insightsApi } from '@intranet/contract/areas/insights/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { route } from '../../core/endpoint.ts';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sessionOf } from '../../plugins/access.ts';
import { datosRecibidos } from './datos-recibidos.ts';
import { feedbackDeProyecto } from './feedback.ts';
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
import { EDITAR, origenDe, tags, VER } from './routes-common.ts';

/** The monitor's projects: list, detail, changes, key rotation; a change drops the intake's cached project. */
export const proyectosRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; cache: CacheProyectos }> = async (
  app,
  { db, config, cache },
) => {
  const api = insightsApi;
  route(app, api.proyectos, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await proyectosLista(db, origenDe(config, request)) }),
  });

  route(app, api.proyecto, {
    config: VER,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await proyectoDetalle(db, origenDe(config, request), request.params.id),
    }),
  });

  route(app, api.crearProyecto, {
    config: EDITAR,
    tags,
    handler: async (request, reply) => {
      const datos = await crearProyecto(db, origenDe(config, request), request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos });
    },
  });

  route(app, api.modificarProyecto, {
    config: EDITAR,
    tags,
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

  route(app, api.rotarClave, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      const datos = await rotarClave(db, origenDe(config, request), request.params.id, autorDe(sessionOf(request)));
      cache.olvidar(datos.id);
      return { error: null, datos };
    },
  });

  route(app, api.eliminarProyecto, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarProyecto(db, origenDe(config, request), request.params.id, autorDe(sessionOf(request)));
      cache.olvidar(request.params.id);
      return { error: null, datos: null };
    },
  });

  route(app, api.feedbackProyecto, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await feedbackDeProyecto(db, request.params.id) }),
  });

  route(app, api.recibidos, {
    config: VER,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await datosRecibidos(db, request.params.id, request.query.dias),
    }),
  });

  route(app, api.releases, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await releasesDe(db, request.params.id) }),
  });

  route(app, api.eliminarRelease, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarRelease(db, request.params.id, request.query.version ?? null, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
