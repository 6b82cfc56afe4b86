import { envelope, errorBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  paqueteDescargaParams,
  paqueteExportQuery,
  paqueteFila,
  paqueteInput,
  paqueteLast,
  paqueteListQuery,
  paquetePage,
  paqueteProductos,
  paquetesResponse,
} from '@intranet/contract/areas/paquetes';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../core/api-error.ts';
import { sendDownload } from '../../storage/download.ts';
import { receiveUpload, streamedBodies } from '../../storage/upload.ts';
import type { FileDeps } from '../../storage/archivos.ts';
import {
  contarDescargaPaquete,
  crearPaquete,
  ENTIDAD,
  modificarPaquete,
  paqueteDescargable,
  paqueteDetalle,
  paquetesCsv,
  paquetesLast,
  paquetesList,
  paquetesListSpec,
  paquetesProductos,
  paquetesSource,
  retirarPaquete,
} from './queries.ts';

export const paquetesAuditoria: AuditEntities = { [ENTIDAD]: 'PACKS#VER' };

const tags = ['paquetes'];
const VER = { access: 'PACKS#VER' } as const;
const EDITAR = { access: 'PACKS#EDITAR' } as const;
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

/** `{instaladores}/api/paquetes`: the spec's bare answers, and the screens' list, upload and changes. */
export const paquetesRoutes: FastifyPluginAsyncZod<FileDeps> = async (app, { db, store, maxBytes }) => {
  app.get('/api/paquetes', {
    config: VER,
    schema: {
      tags,
      summary: 'Paquetes de instalación, el más reciente primero',
      description: 'La respuesta sin sobre de la especificación; los paquetes retirados no figuran.',
      response: { 200: paquetesResponse, ...denied },
    },
    handler: () => paquetesList(db),
  });

  app.get('/api/paquetes/last', {
    config: VER,
    schema: {
      tags,
      summary: 'El paquete más reciente (nombre y fecha), o null si no hay ninguno',
      response: { 200: paqueteLast.nullable(), ...denied },
    },
    handler: () => paquetesLast(db),
  });

  app.get('/api/paquetes/lista', {
    config: VER,
    schema: {
      tags,
      summary: 'Lista paginada de paquetes',
      querystring: paqueteListQuery,
      response: { 200: envelope(paquetePage), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await listPage(paquetesListSpec, request.query, paquetesSource(db)),
    }),
  });

  app.get('/api/paquetes/export.csv', {
    config: VER,
    schema: {
      tags,
      summary: 'Todos los paquetes de la lista filtrada, en CSV',
      querystring: paqueteExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'paquetes',
        columnas: paquetesCsv,
        filas: listBatches(paquetesListSpec, request.query, paquetesSource(db)),
      });
    },
  });

  app.get('/api/paquetes/productos', {
    config: VER,
    schema: {
      tags,
      summary: 'Los productos que nombran los paquetes (para el filtro)',
      response: { 200: envelope(paqueteProductos), ...denied },
    },
    handler: async () => ({ error: null, datos: await paquetesProductos(db) }),
  });

  app.get('/api/paquetes/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Un paquete',
      params: idParam,
      response: { 200: envelope(paqueteFila), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await paqueteDetalle(db, request.params.id) }),
  });

  app.get('/api/paquetes/:id/descarga/:sha256', {
    // Byte ranges and Content-Length describe the stored bytes: the download goes as stored.
    compress: false,
    // The package's direct link: no session (clients download installers with it), the content hash as key.
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Descarga el archivo de un paquete (también retirado); admite Range e If-None-Match',
      params: paqueteDescargaParams,
      produces: ['application/octet-stream'],
      response: { 400: errorBody, 404: errorBody },
    },
    handler: async (request, reply) => {
      const { id, sha256 } = request.params;
      const file = await paqueteDescargable(db, id, sha256);
      if (!file) throw new ApiError(404, 'El paquete no existe');
      return sendDownload(request, reply, store, file, file.nombre, () => contarDescargaPaquete(db, id));
    },
  });

  app.put('/api/paquetes/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica los datos de un paquete',
      params: idParam,
      body: paqueteInput,
      response: { 200: envelope(paqueteFila), ...bad, 404: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarPaquete(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.post('/api/paquetes/:id/retirar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Retira un paquete: sale de la lista y de /last; su enlace directo sigue descargando',
      params: idParam,
      response: { 200: envelope(paqueteFila), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await retirarPaquete(db, request.params.id, true, autorDe(sessionOf(request))),
    }),
  });

  app.post('/api/paquetes/:id/restaurar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Vuelve a listar un paquete retirado',
      params: idParam,
      response: { 200: envelope(paqueteFila), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await retirarPaquete(db, request.params.id, false, autorDe(sessionOf(request))),
    }),
  });

  await app.register(async (scope) => {
    streamedBodies(scope);
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.post('/api/paquetes', {
      config: EDITAR,
      schema: {
        tags,
        summary: 'Sube un paquete: los datos en la consulta, el archivo como cuerpo',
        description:
          'El archivo se guarda mientras llega (tamaño y SHA-256 calculados en el camino); 413 sobre el máximo.',
        querystring: paqueteInput,
        response: { 201: envelope(paqueteFila), ...bad, 413: errorBody },
      },
      handler: async (request, reply) => {
        const upload = await receiveUpload(request, store, maxBytes);
        const creado = await crearPaquete(db, store, upload, request.query, autorDe(sessionOf(request)));
        return reply.code(201).send({ error: null, datos: creado });
      },
    });
  });
};
