import { paquetesApi } from '@intranet/contract/areas/paquetes/endpoints';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import { listRoutes } from '../../lists/list-routes.ts';
import { sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../core/api-error.ts';
import { route } from '../../core/endpoint.ts';
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

/** `{instaladores}/api/paquetes`: the spec's bare answers, and the screens' list, upload and changes. */
export const paquetesRoutes: FastifyPluginAsyncZod<FileDeps> = async (app, { db, store, maxBytes }) => {
  const api = paquetesApi;

  route(app, api.todos, {
    config: VER,
    tags,
    handler: () => paquetesList(db),
  });

  route(app, api.last, {
    config: VER,
    tags,
    handler: () => paquetesLast(db),
  });

  listRoutes(app, api, {
    config: VER,
    tags,
    spec: paquetesListSpec,
    source: () => paquetesSource(db),
    csv: { nombre: 'paquetes', columnas: paquetesCsv, source: () => paquetesSource(db) },
  });

  route(app, api.productos, {
    config: VER,
    tags,
    handler: async () => ({ error: null, datos: await paquetesProductos(db) }),
  });

  route(app, api.detalle, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await paqueteDetalle(db, request.params.id) }),
  });

  route(app, api.descarga, {
    // Byte ranges and Content-Length describe the stored bytes: the download goes as stored.
    options: { compress: false },
    // The package's direct link: no session (clients download installers with it), the content hash as key.
    config: { access: 'public' },
    tags,
    handler: async (request, reply) => {
      const { id, sha256 } = request.params;
      const file = await paqueteDescargable(db, id, sha256);
      if (!file) throw new ApiError(404, 'El paquete no existe');
      return sendDownload(request, reply, store, file, file.nombre, () => contarDescargaPaquete(db, id));
    },
  });

  route(app, api.modificar, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarPaquete(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.retirar, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await retirarPaquete(db, request.params.id, true, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.restaurar, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await retirarPaquete(db, request.params.id, false, autorDe(sessionOf(request))),
    }),
  });

  // The upload reads its body as a stream: its own content-type parser, in a scope of its own.
  await app.register(async (scope) => {
    streamedBodies(scope);
    route(scope.withTypeProvider<ZodTypeProvider>(), api.subir, {
      config: EDITAR,
      tags,
      handler: async (request, reply) => {
        const upload = await receiveUpload(request, store, maxBytes);
        const creado = await crearPaquete(db, store, upload, request.query, autorDe(sessionOf(request)));
        return reply.code(201).send({ error: null, datos: creado });
      },
    });
  });
};
