import {
  aplicacionVersion,
  aplicacionVersionInput,
  aplicacionVersionListQuery,
  aplicacionVersionPage,
  aplicacionVersionParams,
  aplicacionVersionPublicacion,
  aplicacionVersionUploadQuery,
} from '@intranet/contract/areas/aplicaciones';
import { envelope, errorBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { autorDe } from '../../db/audit.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import { receiveUpload, streamedBodies } from '../../storage/upload.ts';
import type { FileDeps } from '../../storage/archivos.ts';
import { aplicacionDetalle } from './queries.ts';
import {
  modificarVersion,
  promoverVersion,
  publicarVersion,
  subirVersion,
  versionDetalle,
  versionesCsv,
  versionesList,
  versionesSource,
} from './versiones.ts';

const tags = ['aplicaciones'];
const VER = { access: 'APP#VER' } as const;
const EDITAR = { access: 'APP#EDITAR' } as const;
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };
const exportQuery = aplicacionVersionListQuery.omit({ page: true, size: true });

/** `{api}/api/aplicaciones/:id/versiones`: an app's APKs, uploaded, promoted and (un)published. */
export const versionesRoutes: FastifyPluginAsyncZod<FileDeps> = async (app, { db, store, maxBytes }) => {
  app.get('/api/aplicaciones/:id/versiones', {
    config: VER,
    schema: {
      tags,
      summary: 'Las versiones de una aplicación, paginadas (la de mayor versionCode primero)',
      params: idParam,
      querystring: aplicacionVersionListQuery,
      response: { 200: envelope(aplicacionVersionPage), ...bad, 404: errorBody },
    },
    handler: async (request) => {
      await aplicacionDetalle(db, request.params.id);
      const query = { ...request.query, aplicacion: request.params.id };
      return { error: null, datos: await listPage(versionesList, query, versionesSource(db)) };
    },
  });

  app.get('/api/aplicaciones/:id/versiones/export.csv', {
    config: VER,
    schema: {
      tags,
      summary: 'Las versiones filtradas de una aplicación, en CSV',
      params: idParam,
      querystring: exportQuery,
      produces: ['text/csv'],
      response: { ...bad, 404: errorBody },
    },
    handler: async (request, reply) => {
      const app = await aplicacionDetalle(db, request.params.id);
      const query = { ...request.query, aplicacion: app.id };
      sendCsv(reply, {
        nombre: `versiones-${app.package_name}`,
        columnas: versionesCsv,
        filas: listBatches(versionesList, query, versionesSource(db)),
      });
      return reply;
    },
  });

  app.get('/api/aplicaciones/:id/versiones/:versionId', {
    config: VER,
    schema: {
      tags,
      summary: 'Una versión',
      params: aplicacionVersionParams,
      response: { 200: envelope(aplicacionVersion), ...bad, 404: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await versionDetalle(db, request.params.id, request.params.versionId),
    }),
  });

  app.put('/api/aplicaciones/:id/versiones/:versionId', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica las novedades de una versión',
      params: aplicacionVersionParams,
      body: aplicacionVersionInput,
      response: { 200: envelope(aplicacionVersion), ...bad, 404: errorBody },
    },
    handler: async (request) => {
      const { id, versionId } = request.params;
      return {
        error: null,
        datos: await modificarVersion(db, id, versionId, request.body.novedades, autorDe(sessionOf(request))),
      };
    },
  });

  app.post('/api/aplicaciones/:id/versiones/:versionId/promover', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Promueve una versión beta al canal estable',
      params: aplicacionVersionParams,
      response: { 200: envelope(aplicacionVersion), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      const { id, versionId } = request.params;
      return { error: null, datos: await promoverVersion(db, id, versionId, autorDe(sessionOf(request))) };
    },
  });

  app.post('/api/aplicaciones/:id/versiones/:versionId/publicacion', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Despublica una versión (publicada: false) o la vuelve a publicar (true)',
      params: aplicacionVersionParams,
      body: aplicacionVersionPublicacion,
      response: { 200: envelope(aplicacionVersion), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      const { id, versionId } = request.params;
      return {
        error: null,
        datos: await publicarVersion(db, id, versionId, request.body.publicada, autorDe(sessionOf(request))),
      };
    },
  });

  await app.register(async (scope) => {
    streamedBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().post('/api/aplicaciones/:id/versiones', {
      config: EDITAR,
      schema: {
        tags,
        summary: 'Sube un APK como nueva versión: canal y novedades en la consulta, el APK como cuerpo',
        description:
          'El APK se guarda mientras llega (tamaño y SHA-256 en el camino; 413 sobre el máximo). El servidor lee del APK el paquete, ' +
          'versionCode, versionName, SDK mínimo y objetivo y el certificado firmante, y lo rechaza (400 o 409, error en `archivo`) ' +
          'si no es un APK firmado, es de otro paquete, su versionCode no supera al último o lo firmó otro certificado.',
        params: idParam,
        querystring: aplicacionVersionUploadQuery,
        response: { 201: envelope(aplicacionVersion), ...bad, 404: errorBody, 409: errorBody, 413: errorBody },
      },
      handler: async (request, reply) => {
        // Before the body is read: an upload to an app that does not exist stops at once.
        await aplicacionDetalle(db, request.params.id);
        const upload = await receiveUpload(request, store, maxBytes);
        const creada = await subirVersion(
          db,
          store,
          request.params.id,
          upload,
          request.query,
          autorDe(sessionOf(request)),
        );
        return reply.code(201).send({ error: null, datos: creada });
      },
    });
  });
};
