import { aplicacionesApi } from '@intranet/contract/areas/aplicaciones/endpoints';
import { ICONO_MAX_BYTES } from '@intranet/contract/areas/aplicaciones';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.ts';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import { receiveUpload, streamedBodies } from '../../storage/upload.ts';
import type { LimiteDeLecturas } from '../../plugins/lecturas.ts';
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

/** `{api}/api/aplicaciones`: Android apps (Soluciones · Aplicaciones), their icons and their versions. */
export const aplicacionesRoutes: FastifyPluginAsyncZod<FileDeps & { lecturas: LimiteDeLecturas }> = async (
  app,
  deps,
) => {
  const { db, store } = deps;
  const api = aplicacionesApi;

  // The list answers at the area's own path (not `/lista`): its page and CSV are declared one by one.
  route(app, api.lista, {
    config: VER,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await listPage(aplicacionesList, request.query, aplicacionesSource(db)),
    }),
  });

  route(app, api.csv, {
    config: VER,
    tags,
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'aplicaciones',
        columnas: aplicacionesCsv,
        filas: listBatches(aplicacionesList, request.query, aplicacionesSource(db)),
      });
    },
  });

  route(app, api.categorias, {
    config: VER,
    tags,
    handler: async () => ({ error: null, datos: await categorias(db) }),
  });

  route(app, api.detalle, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await aplicacionDetalle(db, request.params.id) }),
  });

  route(app, api.crear, {
    config: EDITAR,
    tags,
    handler: async (request, reply) => {
      const creada = await crearAplicacion(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creada });
    },
  });

  route(app, api.modificar, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarAplicacion(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.eliminar, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarAplicacion(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  // The upload reads its body as a stream: its own content-type parser, in a scope of its own.
  await app.register(async (scope) => {
    streamedBodies(scope);
    route(scope.withTypeProvider<ZodTypeProvider>(), api.subirIcono, {
      config: EDITAR,
      tags,
      handler: async (request, reply) => {
        const upload = await receiveUpload(request, store, ICONO_MAX_BYTES);
        const icono = await guardarIcono(db, store, upload, request.query.nombre, autorDe(sessionOf(request)));
        return reply.code(201).send({ error: null, datos: icono });
      },
    });
  });

  await app.register(versionesRoutes, deps);
};
