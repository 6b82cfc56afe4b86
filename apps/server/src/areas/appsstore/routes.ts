import {
  storeAplicaciones,
  storeCatalogoExportQuery,
  storeCatalogoPage,
  storeCatalogoQuery,
  storeCategorias,
  storeConfig,
  storeConfigInput,
} from '@intranet/contract/areas/appsstore';
import { envelope, errorBody } from '@intranet/contract/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
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
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

/** `{api}/api/appsstore/...` for staff (configuration, catalogue list) and `{store}/api/store/...` for devices. */
export const appsstoreRoutes: FastifyPluginAsyncZod<AppsstoreDeps> = async (app, deps) => {
  const { db, config } = deps;
  await app.register(tiendaRoutes, deps);

  app.get('/api/appsstore/config', {
    config: CONFIG,
    schema: { tags, summary: 'La configuración de la tienda', response: { 200: envelope(storeConfig), ...denied } },
    handler: async () => ({ error: null, datos: await leerConfig(db) }),
  });

  app.put('/api/appsstore/config', {
    config: CONFIG,
    schema: {
      tags,
      summary: 'Guarda la configuración de la tienda',
      description:
        'Las destacadas deben ser aplicaciones publicadas (400 en `campos.destacadas`). Queda en el historial (`appsstore_config`, id `config`).',
      body: storeConfigInput,
      response: { 200: envelope(storeConfig), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await guardarConfig(db, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.get('/api/appsstore/aplicaciones', {
    config: CONFIG,
    schema: {
      tags,
      summary: 'Todas las aplicaciones, para elegir las destacadas (solo las publicadas se pueden elegir)',
      response: { 200: envelope(storeAplicaciones), ...denied },
    },
    handler: async () => ({ error: null, datos: await aplicacionesElegibles(db) }),
  });

  app.get('/api/appsstore/catalogo', {
    config: CONFIG,
    schema: {
      tags,
      summary: 'El catálogo publicado, paginado (también durante el mantenimiento)',
      querystring: storeCatalogoQuery,
      response: { 200: envelope(storeCatalogoPage), ...bad },
    },
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

  app.get('/api/appsstore/catalogo/categorias', {
    config: CONFIG,
    schema: {
      tags,
      summary: 'Las categorías de las aplicaciones del catálogo (para el filtro)',
      response: { 200: envelope(storeCategorias), ...denied },
    },
    handler: async () => ({ error: null, datos: await catalogoCategorias(db, (await leerConfig(db)).canales) }),
  });

  app.get('/api/appsstore/catalogo/export.csv', {
    config: CONFIG,
    schema: {
      tags,
      summary: 'Todo el catálogo filtrado, en CSV',
      querystring: storeCatalogoExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
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
