import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  changelog,
  changelogProductos as changelogProductosSchema,
  versionAssetParams,
  versionAssetQuery,
  versionDetalle as versionDetalleSchema,
  versionEstadoInput,
  versionExportQuery,
  versionInput,
  versionListQuery,
  versionPage,
  versionProductos as versionProductosSchema,
} from '@intranet/contract/areas/versiones';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import { receiveUpload, streamedBodies } from '../../storage/upload.ts';
import type { FileDeps } from '../../storage/archivos.ts';
import {
  agregarAsset,
  cambiarEstado,
  changelogDe,
  changelogProductos,
  crearVersion,
  ENTIDAD,
  eliminarVersion,
  modificarVersion,
  quitarAsset,
  versionDetalle,
  versionProductos,
  versionesCsv,
  versionesListSpec,
  versionesSource,
} from './queries.ts';

export const versionesAuditoria: AuditEntities = { [ENTIDAD]: 'PACKS#VER' };

const tags = ['versiones'];
const VER = { access: 'PACKS#VER' } as const;
const EDITAR = { access: 'VERSIONES#EDITAR' } as const;
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };
const detalle = envelope(versionDetalleSchema);

/** `{versiones}/api/versiones`: product versions with rich-text notes and attached files; the changelog. */
export const versionesRoutes: FastifyPluginAsyncZod<FileDeps> = async (app, { db, store, maxBytes }) => {
  app.get('/api/versiones', {
    config: VER,
    schema: {
      tags,
      summary: 'Lista paginada de versiones (de un producto o de todos)',
      querystring: versionListQuery,
      response: { 200: envelope(versionPage), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await listPage(versionesListSpec, request.query, versionesSource(db)),
    }),
  });

  app.get('/api/versiones/export.csv', {
    config: VER,
    schema: {
      tags,
      summary: 'Todas las versiones de la lista filtrada, en CSV',
      querystring: versionExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'versiones',
        columnas: versionesCsv,
        filas: listBatches(versionesListSpec, request.query, versionesSource(db)),
      });
    },
  });

  app.get('/api/versiones/productos', {
    config: VER,
    schema: {
      tags,
      summary: 'Los productos (para el filtro y el formulario de versiones)',
      response: { 200: envelope(versionProductosSchema), ...denied },
    },
    handler: async () => ({ error: null, datos: await versionProductos(db) }),
  });

  app.get('/api/versiones/changelog', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: 'Los productos con versiones publicadas (para el historial de cambios)',
      response: { 200: envelope(changelogProductosSchema), ...denied },
    },
    handler: async () => ({ error: null, datos: await changelogProductos(db) }),
  });

  app.get('/api/versiones/changelog/:id', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: 'Historial de cambios de un producto: sus versiones publicadas, la más nueva primero, con las notas',
      params: idParam,
      response: { 200: envelope(changelog), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await changelogDe(db, request.params.id) }),
  });

  app.get('/api/versiones/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Una versión con sus notas (JSON y HTML) y sus archivos',
      params: idParam,
      response: { 200: detalle, ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await versionDetalle(db, request.params.id) }),
  });

  app.post('/api/versiones', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Crea una versión (en borrador)',
      body: versionInput,
      response: { 201: detalle, ...bad, 409: errorBody },
    },
    handler: async (request, reply) => {
      const creada = await crearVersion(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creada });
    },
  });

  app.put('/api/versiones/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica una versión (no retirada)',
      params: idParam,
      body: versionInput,
      response: { 200: detalle, ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarVersion(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.post('/api/versiones/:id/estado', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Publica o retira una versión',
      description: 'Transiciones: borrador → publicada → retirada → publicada. Otra cualquiera responde 409.',
      params: idParam,
      body: versionEstadoInput,
      response: { 200: detalle, ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await cambiarEstado(db, request.params.id, request.body.estado, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/versiones/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina una versión en borrador',
      params: idParam,
      response: { 200: okBody, ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      await eliminarVersion(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  app.delete('/api/versiones/:id/assets/:assetId', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Quita un archivo de una versión',
      params: versionAssetParams,
      response: { 200: detalle, ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await quitarAsset(db, request.params.id, request.params.assetId, autorDe(sessionOf(request))),
    }),
  });

  await app.register(async (scope) => {
    streamedBodies(scope);
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.post('/api/versiones/:id/assets', {
      config: EDITAR,
      schema: {
        tags,
        summary: 'Adjunta un archivo a una versión (el cuerpo son sus bytes)',
        params: idParam,
        querystring: versionAssetQuery,
        response: { 201: detalle, ...bad, 404: errorBody, 409: errorBody, 413: errorBody },
      },
      handler: async (request, reply) => {
        const upload = await receiveUpload(request, store, maxBytes);
        const datos = await agregarAsset(
          db,
          store,
          request.params.id,
          upload,
          request.query.nombre,
          autorDe(sessionOf(request)),
        );
        return reply.code(201).send({ error: null, datos });
      },
    });
  });
};
