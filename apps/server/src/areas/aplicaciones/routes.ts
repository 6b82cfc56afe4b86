import {
  aplicacion,
  aplicacionCategorias,
  aplicacionExportQuery,
  aplicacionInput,
  aplicacionListQuery,
  aplicacionPage,
  ICONO_MAX_BYTES,
  iconoSubido,
} from '@intranet/contract/areas/aplicaciones';
import { archivoUploadQuery } from '@intranet/contract/areas/archivos';
import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import { receiveUpload, streamedBodies } from '../../storage/upload.ts';
import type { FileDeps } from '../../storage/archivos.ts';
import { guardarIcono } from './iconos.ts';
import {
  aplicacionCategorias as categorias,
  aplicacionDetalle,
  aplicacionesCsv,
  aplicacionesList,
  aplicacionesSource,
  crearAplicacion,
  eliminarAplicacion,
  ENTIDAD,
  modificarAplicacion,
} from './queries.ts';
import { versionesRoutes } from './routes-versiones.ts';

export const aplicacionesAuditoria: AuditEntities = { [ENTIDAD]: 'APP#VER' };

const tags = ['aplicaciones'];
const VER = { access: 'APP#VER' } as const;
const EDITAR = { access: 'APP#EDITAR' } as const;
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

/** `{api}/api/aplicaciones`: Android apps (Soluciones · Aplicaciones), their icons and their versions. */
export const aplicacionesRoutes: FastifyPluginAsyncZod<FileDeps> = async (app, deps) => {
  const { db, store } = deps;

  app.get('/api/aplicaciones', {
    config: VER,
    schema: {
      tags,
      summary: 'Lista paginada de aplicaciones',
      querystring: aplicacionListQuery,
      response: { 200: envelope(aplicacionPage), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await listPage(aplicacionesList, request.query, aplicacionesSource(db)),
    }),
  });

  app.get('/api/aplicaciones/export.csv', {
    config: VER,
    schema: {
      tags,
      summary: 'Todas las aplicaciones de la lista filtrada, en CSV',
      querystring: aplicacionExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'aplicaciones',
        columnas: aplicacionesCsv,
        filas: listBatches(aplicacionesList, request.query, aplicacionesSource(db)),
      });
    },
  });

  app.get('/api/aplicaciones/categorias', {
    config: VER,
    schema: { tags, summary: 'Las categorías en uso', response: { 200: envelope(aplicacionCategorias), ...denied } },
    handler: async () => ({ error: null, datos: await categorias(db) }),
  });

  app.get('/api/aplicaciones/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Una aplicación con su descripción',
      params: idParam,
      response: { 200: envelope(aplicacion), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await aplicacionDetalle(db, request.params.id) }),
  });

  app.post('/api/aplicaciones', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Crea una aplicación',
      body: aplicacionInput,
      response: { 201: envelope(aplicacion), ...bad, 409: errorBody },
    },
    handler: async (request, reply) => {
      const creada = await crearAplicacion(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creada });
    },
  });

  app.put('/api/aplicaciones/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica una aplicación (el paquete queda fijo una vez que tiene versiones)',
      params: idParam,
      body: aplicacionInput,
      response: { 200: envelope(aplicacion), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarAplicacion(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/aplicaciones/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina una aplicación sin versiones (con versiones: 409, se despublica en su lugar)',
      params: idParam,
      response: { 200: okBody, ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      await eliminarAplicacion(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  await app.register(async (scope) => {
    streamedBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().post('/api/aplicaciones/iconos', {
      config: EDITAR,
      schema: {
        tags,
        summary: 'Sube el icono de una aplicación (PNG, JPEG o WebP; el cuerpo son sus bytes)',
        description: `Se reconoce por su contenido; hasta ${ICONO_MAX_BYTES / 1024} KB. Responde el archivo para usar su id en icono_id.`,
        querystring: archivoUploadQuery,
        response: { 201: envelope(iconoSubido), ...bad, 413: errorBody },
      },
      handler: async (request, reply) => {
        const upload = await receiveUpload(request, store, ICONO_MAX_BYTES);
        const icono = await guardarIcono(db, store, upload, request.query.nombre, autorDe(sessionOf(request)));
        return reply.code(201).send({ error: null, datos: icono });
      },
    });
  });

  await app.register(versionesRoutes, deps);
};
