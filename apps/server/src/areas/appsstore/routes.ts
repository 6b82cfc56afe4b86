import { appsstoreApi } from '@intranet/contract/areas/appsstore/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { route } from '../../core/endpoint.ts';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import type { FileDeps } from '../../storage/archivos.ts';
import { catalogoCategorias, catalogoCsv, catalogoListSpec, catalogoSource } from './catalogo.ts';
import { aplicacionesElegibles, ENTIDAD_CONFIG, guardarConfig, leerConfig } from './config.ts';
import { storeBase, tiendaRoutes } from './tienda.ts';

export const appsstoreAuditoria: AuditEntities = { [ENTIDAD_CONFIG]: 'APPSSTORE#CONFIG' };

/** What the store's routes need: the file store (APKs, icons) and the configuration (the `{store}` base URL). */
export type AppsstoreDeps = FileDeps & { config: Config };

const tags = ['appsstore'];
const CONFIG = { access: 'APPSSTORE#CONFIG' } as const;

/** `{api}/api/appsstore/...` for staff (configuration, catalogue list) and `{store}/api/store/...` for devices. */
export const appsstoreRoutes: FastifyPluginAsyncZod<AppsstoreDeps> = async (app, deps) => {
  const { db, config } = deps;
  const api = appsstoreApi;
  await app.register(tiendaRoutes, deps);

  route(app, api.config, {
    config: CONFIG,
    tags,
    handler: async () => ({ error: null, datos: await leerConfig(db) }),
  });

  route(app, api.guardarConfig, {
    config: CONFIG,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await guardarConfig(db, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.aplicaciones, {
    config: CONFIG,
    tags,
    handler: async () => ({ error: null, datos: await aplicacionesElegibles(db) }),
  });

  // The catalogue's spec depends on the configured channels: its page and CSV are declared one by one.
  route(app, api.catalogo, {
    config: CONFIG,
    tags,
    handler: async (request) => {
      const { canales } = await leerConfig(db);
      return {
        error: null,
        datos: await listPage(
          catalogoListSpec(canales),
          request.query,
          catalogoSource(db, storeBase(config, request), canales),
        ),
      };
    },
  });

  route(app, api.categorias, {
    config: CONFIG,
    tags,
    handler: async () => ({ error: null, datos: await catalogoCategorias(db, (await leerConfig(db)).canales) }),
  });

  route(app, api.catalogoCsv, {
    config: CONFIG,
    tags,
    handler: async (request, reply) => {
      const { canales } = await leerConfig(db);
      const filas = listBatches(
        catalogoListSpec(canales),
        request.query,
        catalogoSource(db, storeBase(config, request), canales),
      );
      sendCsv(reply, { nombre: 'appsstore-catalogo', columnas: catalogoCsv, filas });
      return reply;
    },
  });
};
