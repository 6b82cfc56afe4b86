import { importacionEndpoints } from '@intranet/contract/shared/importacion';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AreaDeps } from '../../area.ts';
import { route } from '../../core/endpoint.ts';
import { autorDe } from '../../db/audit.ts';
import { sessionOf } from '../../plugins/access.ts';
import { receiveUpload, streamedBodies } from '../../storage/upload.ts';
import { vistaPrevia } from './motor.ts';
import {
  deshacer,
  enviarPlantilla,
  enviarRechazadas,
  ensayar,
  importacionDe,
  importar,
  recodificar,
  subir,
} from './pasos.ts';
import type { Crudos, ImportacionSpec } from './spec.ts';

/**
 * The import routes of one area, under `${spec.ruta}/importaciones`, guarded by the area's own code: the
 * template, the upload (the body is the file), the preview, the dry run, the import, the refused rows and the undo.
 * An import belongs to who uploaded it.
 */
export const importacionRoutes =
  <V extends Crudos>(specV: ImportacionSpec<V>): FastifyPluginAsyncZod<AreaDeps> =>
  async (app, { db, store, maxBytes, lecturas }) => {
    const spec = specV as unknown as ImportacionSpec;
    const api = importacionEndpoints(spec.ruta, spec.nombre);
    const tags = [spec.etiqueta];
    const config = { access: spec.permiso };
    const usuario = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).usuario.id;

    route(app, api.plantilla, { config, tags, handler: (_request, reply) => enviarPlantilla(reply, spec) });

    await app.register(async (scope) => {
      // The upload's body is the file itself, streamed to the store (storage/upload.ts).
      streamedBodies(scope);
      route(scope.withTypeProvider<ZodTypeProvider>(), api.subir, {
        config,
        tags,
        handler: async (request, reply) => {
          await lecturas(request);
          const upload = await receiveUpload(request, store, maxBytes);
          return reply
            .code(201)
            .send({ error: null, datos: await subir(db, store, spec, upload, request.query.nombre, usuario(request)) });
        },
      });
    });

    route(app, api.codificacion, {
      config,
      tags,
      handler: async (request) => {
        const imp = await importacionDe(db, spec, request.params.id, usuario(request));
        await lecturas(request);
        return { error: null, datos: await recodificar(db, store, spec, imp, request.body.codificacion) };
      },
    });

    route(app, api.vistaPrevia, {
      config,
      tags,
      handler: async (request) => {
        const imp = await importacionDe(db, spec, request.params.id, usuario(request));
        return { error: null, datos: await vistaPrevia(store, spec, imp, request.body) };
      },
    });

    route(app, api.ensayo, {
      config,
      tags,
      handler: async (request) => {
        const imp = await importacionDe(db, spec, request.params.id, usuario(request));
        return { error: null, datos: await ensayar(db, store, spec, imp, request.body, autorDe(sessionOf(request))) };
      },
    });

    route(app, api.importar, {
      config,
      tags,
      handler: async (request) => {
        const imp = await importacionDe(db, spec, request.params.id, usuario(request));
        return { error: null, datos: await importar(db, store, spec, imp, request.body, autorDe(sessionOf(request))) };
      },
    });

    route(app, api.rechazadas, {
      config,
      tags,
      handler: async (request, reply) => {
        enviarRechazadas(reply, store, spec, await importacionDe(db, spec, request.params.id, usuario(request)));
        return reply;
      },
    });

    route(app, api.deshacer, {
      config,
      tags,
      handler: async (request) => ({
        error: null,
        datos: await deshacer(db, spec, request.params.id, usuario(request), autorDe(sessionOf(request))),
      }),
    });
  };
