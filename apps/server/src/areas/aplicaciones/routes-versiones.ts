import { aplicacionesApi } from '@intranet/contract/areas/aplicaciones/endpoints';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.ts';
import { autorDe } from '../../db/audit.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import { receiveUpload, streamedBodies } from '../../storage/upload.ts';
import type { LimiteDeLecturas } from '../../plugins/lecturas.ts';
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

/** `{api}/api/aplicaciones/:id/versiones`: an app's APKs, uploaded, promoted and (un)published. */
export const versionesRoutes: FastifyPluginAsyncZod<FileDeps & { lecturas: LimiteDeLecturas }> = async (
  app,
  { db, store, maxBytes, lecturas },
) => {
  const api = aplicacionesApi;

  route(app, api.versiones, {
    config: VER,
    tags,
    handler: async (request) => {
      await aplicacionDetalle(db, request.params.id);
      const query = { ...request.query, aplicacion: request.params.id };
      return { error: null, datos: await listPage(versionesList, query, versionesSource(db)) };
    },
  });

  route(app, api.versionesCsv, {
    config: VER,
    tags,
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

  route(app, api.version, {
    config: VER,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await versionDetalle(db, request.params.id, request.params.versionId),
    }),
  });

  route(app, api.modificarVersion, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      const { id, versionId } = request.params;
      return {
        error: null,
        datos: await modificarVersion(db, id, versionId, request.body.novedades, autorDe(sessionOf(request))),
      };
    },
  });

  route(app, api.promoverVersion, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      const { id, versionId } = request.params;
      return { error: null, datos: await promoverVersion(db, id, versionId, autorDe(sessionOf(request))) };
    },
  });

  route(app, api.publicacionVersion, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      const { id, versionId } = request.params;
      return {
        error: null,
        datos: await publicarVersion(db, id, versionId, request.body.publicada, autorDe(sessionOf(request))),
      };
    },
  });

  // The upload reads its body as a stream: its own content-type parser, in a scope of its own.
  await app.register(async (scope) => {
    streamedBodies(scope);
    route(scope.withTypeProvider<ZodTypeProvider>(), api.subirVersion, {
      config: EDITAR,
      tags,
      handler: async (request, reply) => {
        // Before the body is read: an upload to an app that does not exist stops at once.
        await aplicacionDetalle(db, request.params.id);
        await lecturas(request);
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
