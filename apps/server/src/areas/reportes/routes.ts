import { reportesApi } from '@intranet/contract/areas/reportes/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../lists/csv.ts';
import { sessionOf } from '../../plugins/access.ts';
import { catalogo, columnasCsv, ejecutarReporte, filasCsv } from './catalogo.ts';

/** Reports only read: nothing of theirs goes into the audit log. */

const tags = ['reportes'];
const VER = { access: 'PROD#VER' } as const;

/** `{api}/api/reportes`: the catalogue, and each report run on the server, as JSON or CSV. */
export const reportesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = reportesApi;
  route(app, api.catalogo, {
    config: VER,
    tags,
    handler: (request) => ({ error: null, datos: catalogo(sessionOf(request).permisos) }),
  });

  route(app, api.resultado, {
    config: VER,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await ejecutarReporte(db, request.params.id, request.query, sessionOf(request).permisos),
    }),
  });

  route(app, api.csv, {
    config: VER,
    tags,
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
