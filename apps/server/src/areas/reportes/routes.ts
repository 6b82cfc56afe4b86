import { envelope, errorBody } from '@intranet/contract/shared/envelope';
import { reporteCatalogo, reporteIdParam, reporteResultado } from '@intranet/contract/areas/reportes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../lists/csv.ts';
import { sessionOf } from '../../plugins/access.ts';
import { catalogo, columnasCsv, ejecutarReporte, filasCsv } from './catalogo.ts';

/** Reports only read: nothing of theirs goes into the audit log. */

const tags = ['reportes'];
const VER = { access: 'PROD#VER' } as const;
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied, 404: errorBody };
const parametros =
  'Los parámetros del reporte en la consulta, validados por su esquema (400 con los campos que fallan).';

/** `{api}/api/reportes`: the catalogue, and each report run on the server, as JSON or CSV. */
export const reportesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/reportes', {
    config: VER,
    schema: {
      tags,
      summary: 'El catálogo de reportes que el usuario puede ejecutar (según los datos que lee cada uno)',
      response: { 200: envelope(reporteCatalogo), ...denied },
    },
    handler: (request) => ({ error: null, datos: catalogo(sessionOf(request).permisos) }),
  });

  app.get('/api/reportes/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Ejecuta un reporte: columnas, filas y totales',
      description: parametros,
      params: reporteIdParam,
      response: { 200: envelope(reporteResultado), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await ejecutarReporte(db, request.params.id, request.query, sessionOf(request).permisos),
    }),
  });

  app.get('/api/reportes/:id/export.csv', {
    config: VER,
    schema: {
      tags,
      summary: 'Las filas de un reporte, en CSV',
      description: parametros,
      params: reporteIdParam,
      produces: ['text/csv'],
      response: bad,
    },
    handler: async (request, reply) => {
      const resultado = await ejecutarReporte(db, request.params.id, request.query, sessionOf(request).permisos);
      sendCsv(reply, {
        nombre: `reporte-${resultado.id}`,
        columnas: columnasCsv(resultado.columnas),
        filas: unaTanda(filasCsv(resultado)),
      });
      return reply;
    },
  });
};

/** A report's rows are already aggregated (a few dozen at most): one batch. */
async function* unaTanda<T>(filas: T[]): AsyncIterable<T[]> {
  yield filas;
}
