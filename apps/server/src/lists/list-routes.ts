import type { EndpointDef } from '@intranet/contract/shared/endpoint';
import type { FastifyContextConfig } from 'fastify';
import { route, type ZodApp } from '../core/endpoint.ts';
import { type CsvColumn, sendCsv } from './csv.ts';
import { type ListQueryBase, type ListSource, type ListSpec, listBatches, listPage } from './list.ts';

/**
 * A list's page and its CSV export, from the contract's `listEndpoints` pair: both read the same `ListSpec` and
 * source, so the export is exactly the filtered list the page shows.
 */
export function listRoutes<Row extends { id: number }, Query extends ListQueryBase, CsvRow extends { id: number }>(
  app: ZodApp,
  endpoints: { lista: EndpointDef; csv: EndpointDef },
  o: {
    config: FastifyContextConfig;
    tags: readonly string[];
    spec: ListSpec<Query>;
    /** The page's rows. */
    source: () => ListSource<Row>;
    /**
     * The CSV's file name (without date or extension), its columns, and the rows they read (the page's unless said).
     */
    csv: { nombre: string; columnas: readonly CsvColumn<CsvRow>[]; source: () => ListSource<CsvRow> };
  },
): void {
  route(app, endpoints.lista, {
    config: o.config,
    tags: o.tags,
    handler: async (request) => ({
      error: null,
      datos: await listPage(o.spec, request.query as Query & { page: number; size: number }, o.source()),
    }),
  });
  route(app, endpoints.csv, {
    config: o.config,
    tags: o.tags,
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: o.csv.nombre,
        columnas: o.csv.columnas,
        filas: listBatches(o.spec, request.query as Query, o.csv.source()),
      });
      return reply;
    },
  });
}
