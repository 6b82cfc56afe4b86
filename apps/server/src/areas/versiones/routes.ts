import { versionesApi } from '@intranet/contract/areas/versiones/endpoints';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.ts';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import { listRoutes } from '../../lists/list-routes.ts';
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

/** `{versiones}/api/versiones`: product versions with rich-text notes and attached files; the changelog. */
export const versionesRoutes: FastifyPluginAsyncZod<FileDeps> = async (app, { db, store, maxBytes }) => {
  const api = versionesApi;
  listRoutes(app, api, {
    config: VER,
    tags,
    spec: versionesListSpec,
    source: () => versionesSource(db),
    csv: { nombre: 'versiones', columnas: versionesCsv, source: () => versionesSource(db) },
  });

  route(app, api.productos, {
    config: VER,
    tags,
    handler: async () => ({ error: null, datos: await versionProductos(db) }),
  });

  route(app, api.changelogProductos, {
    config: { access: 'session' },
    tags,
    handler: async () => ({ error: null, datos: await changelogProductos(db) }),
  });

  route(app, api.changelog, {
    config: { access: 'session' },
    tags,
    handler: async (request) => ({ error: null, datos: await changelogDe(db, request.params.id) }),
  });

  route(app, api.detalle, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await versionDetalle(db, request.params.id) }),
  });

  route(app, api.crear, {
    config: EDITAR,
    tags,
    handler: async (request, reply) => {
      const creada = await crearVersion(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creada });
    },
  });

  route(app, api.modificar, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarVersion(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.cambiarEstado, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await cambiarEstado(db, request.params.id, request.body.estado, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.eliminar, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarVersion(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  route(app, api.quitarAsset, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await quitarAsset(db, request.params.id, request.params.assetId, autorDe(sessionOf(request))),
    }),
  });

  // The upload reads its body as a stream: its own scope, where every content type is passed through.
  await app.register(async (scope) => {
    streamedBodies(scope);
    route(scope.withTypeProvider<ZodTypeProvider>(), api.adjuntarAsset, {
      config: EDITAR,
      tags,
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
