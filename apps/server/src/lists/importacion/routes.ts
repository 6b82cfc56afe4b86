import { envelope, errorBody } from '@intranet/contract/shared/envelope';
import {
  importacionCodificacionInput,
  importacionConteo,
  importacionIdParam,
  importacionInput,
  importacionResultado,
  importacionSubida,
  importacionSubidaQuery,
  importacionVistaPrevia,
  importacionVistaPreviaInput,
} from '@intranet/contract/shared/importacion';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AreaDeps } from '../../core/area.ts';
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

const bad = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * The import routes of one area, under `${spec.ruta}/importaciones`, guarded by the area's own code: the
 * template, the upload (the body is the file), the preview, the dry run, the import, the refused rows and the undo.
 * An import belongs to who uploaded it.
 */
export const importacionRoutes =
  <V extends Crudos>(specV: ImportacionSpec<V>): FastifyPluginAsyncZod<AreaDeps> =>
  async (app, { db, store, maxBytes }) => {
    const spec = specV as unknown as ImportacionSpec;
    const base = `${spec.ruta}/importaciones`;
    const tags = [spec.etiqueta];
    const config = { access: spec.permiso };
    const usuario = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).usuario.id;

    app.get(`${base}/plantilla.csv`, {
      config,
      schema: {
        tags,
        summary: `Plantilla CSV para importar (${spec.nombre})`,
        produces: ['text/csv'],
        response: { 401: errorBody, 403: errorBody },
      },
      handler: (_request, reply) => enviarPlantilla(reply, spec),
    });

    await app.register(async (scope) => {
      streamedBodies(scope);
      scope.withTypeProvider<ZodTypeProvider>().post(base, {
        config,
        schema: {
          tags,
          summary: `Sube una planilla CSV o XLSX para importar (${spec.nombre})`,
          description:
            'El cuerpo es el archivo; responde sus encabezados y la asignación de columnas adivinada por ellos.',
          querystring: importacionSubidaQuery,
          response: { 201: envelope(importacionSubida), ...bad, 413: errorBody },
        },
        handler: async (request, reply) => {
          const upload = await receiveUpload(request, store, maxBytes);
          return reply
            .code(201)
            .send({ error: null, datos: await subir(db, store, spec, upload, request.query.nombre, usuario(request)) });
        },
      });
    });

    app.post(`${base}/:id/codificacion`, {
      config,
      schema: {
        tags,
        summary: 'Lee el CSV otra vez en la codificación elegida: sus encabezados y la asignación adivinada de nuevo',
        params: importacionIdParam,
        body: importacionCodificacionInput,
        response: {
          200: envelope(importacionSubida),
          ...bad,
          404: errorBody,
          409: errorBody,
          410: errorBody,
          413: errorBody,
        },
      },
      handler: async (request) => {
        const imp = await importacionDe(db, spec, request.params.id, usuario(request));
        return { error: null, datos: await recodificar(db, store, spec, imp, request.body.codificacion) };
      },
    });

    app.post(`${base}/:id/vista-previa`, {
      config,
      schema: {
        tags,
        summary: 'Las filas leídas con la asignación elegida y los errores de cada una, por páginas',
        params: importacionIdParam,
        body: importacionVistaPreviaInput,
        response: { 200: envelope(importacionVistaPrevia), ...bad, 404: errorBody },
      },
      handler: async (request) => {
        const imp = await importacionDe(db, spec, request.params.id, usuario(request));
        return { error: null, datos: await vistaPrevia(store, spec, imp, request.body) };
      },
    });

    app.post(`${base}/:id/ensayo`, {
      config,
      schema: {
        tags,
        summary: 'Ensayo: cuántas filas se crearían, actualizarían, quedarían igual o se rechazarían (no guarda nada)',
        params: importacionIdParam,
        body: importacionInput,
        response: { 200: envelope(importacionConteo), ...bad, 404: errorBody, 409: errorBody },
      },
      handler: async (request) => {
        const imp = await importacionDe(db, spec, request.params.id, usuario(request));
        return { error: null, datos: await ensayar(db, store, spec, imp, request.body, autorDe(sessionOf(request))) };
      },
    });

    app.post(`${base}/:id/importar`, {
      config,
      schema: {
        tags,
        summary: 'Importa todas las filas en una transacción: todo o nada',
        description: 'Si una fila tiene errores no se guarda nada: 400 con los errores de cada fila («fila N»).',
        params: importacionIdParam,
        body: importacionInput,
        response: { 200: envelope(importacionResultado), ...bad, 404: errorBody, 409: errorBody },
      },
      handler: async (request) => {
        const imp = await importacionDe(db, spec, request.params.id, usuario(request));
        return { error: null, datos: await importar(db, store, spec, imp, request.body, autorDe(sessionOf(request))) };
      },
    });

    app.get(`${base}/:id/rechazadas.csv`, {
      config,
      schema: {
        tags,
        summary: 'Las filas rechazadas en el último ensayo o importación, con una columna «error»',
        params: importacionIdParam,
        produces: ['text/csv'],
        response: { ...bad, 404: errorBody },
      },
      handler: async (request, reply) => {
        enviarRechazadas(reply, store, spec, await importacionDe(db, spec, request.params.id, usuario(request)));
        return reply;
      },
    });

    app.post(`${base}/:id/deshacer`, {
      config,
      schema: {
        tags,
        summary: 'Deshace la importación dentro de las 24 h, si ninguna de sus filas cambió desde entonces',
        params: importacionIdParam,
        response: { 200: envelope(importacionResultado), ...bad, 404: errorBody, 409: errorBody },
      },
      handler: async (request) => ({
        error: null,
        datos: await deshacer(db, spec, request.params.id, usuario(request), autorDe(sessionOf(request))),
      }),
    });
  };
