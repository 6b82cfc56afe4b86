import {
  apkDe,
  STORE_RETRY_AFTER,
  storeMantenimientoBody,
  type StoreConfig,
  type StoreMantenimientoBody,
} from '@intranet/contract/areas/appsstore';
import { tiendaApi } from '@intranet/contract/areas/appsstore/tienda-endpoints';
import { errorBody } from '@intranet/contract/shared/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { ApiError } from '../../core/api-error.ts';
import { route } from '../../core/endpoint.ts';
import { sendDownload } from '../../storage/download.ts';
import type { FileDeps } from '../../storage/archivos.ts';
import { catalogoCompleto } from './catalogo.ts';
import { leerConfig } from './config.ts';
import { APK_TIPO, contarDescarga, iconoDe, versionDescargable } from './descargas.ts';
import { sendJsonConEtag } from './etag.ts';
import { storeIndice } from './indice.ts';

const tags = ['store'];
// Devices poll these without a portal session: the catalogue is what the store publishes to everyone.
const PUBLICA = { access: 'public' } as const;
const cerrada = { 503: storeMantenimientoBody };

/** The absolute base of `{store}`: STORE_URL, else PUBLIC_URL, else the origin the request reached. */
export function storeBase(config: Config, request: FastifyRequest): string {
  return config.urls.store || config.publicUrl || `${request.protocol}://${request.host}`;
}

const MENSAJE_MANTENIMIENTO = 'La tienda está en mantenimiento';

/** 503 with Retry-After and the maintenance state: the device keeps what it has and asks again later. */
function sendMantenimiento(reply: FastifyReply, estado: StoreConfig['mantenimiento']): FastifyReply {
  const body: StoreMantenimientoBody = {
    error: estado.mensaje ?? MENSAJE_MANTENIMIENTO,
    datos: null,
    mantenimiento: estado,
  };
  return reply
    .code(503)
    .header('retry-after', String(STORE_RETRY_AFTER))
    .header('cache-control', 'no-store')
    .send(body);
}

/** `{store}/api/store/...`: public routes for devices; the store's maintenance closes all but estado and icons. */
export const tiendaRoutes: FastifyPluginAsyncZod<FileDeps & { config: Config }> = async (
  app,
  { db, store, config },
) => {
  /** The configuration when the store is open; null once the 503 has been sent. */
  const abierta = async (reply: FastifyReply): Promise<StoreConfig | null> => {
    const cfg = await leerConfig(db);
    if (!cfg.mantenimiento.activo) return cfg;
    sendMantenimiento(reply, cfg.mantenimiento);
    return null;
  };

  const api = tiendaApi;

  route(app, api.estado, {
    config: PUBLICA,
    tags,
    handler: async (_request, reply) => {
      const { nombre, canales, version_minima, mantenimiento } = await leerConfig(db);
      reply.header('cache-control', 'no-cache');
      return { error: null, datos: { nombre, canales, version_minima, mantenimiento } };
    },
  });

  // The routes below are registered here from their declaration's facts: their 503 carries the maintenance state,
  // not the error body a declaration documents.

  app.get(api.catalogo.path, {
    config: PUBLICA,
    schema: { tags, summary: api.catalogo.summary, response: { 200: api.catalogo.answer, ...cerrada } },
    handler: async (request, reply) => {
      const cfg = await abierta(reply);
      if (!cfg) return reply;
      const apps = await catalogoCompleto(db, storeBase(config, request), cfg.canales);
      const datos = { nombre: cfg.nombre, canales: cfg.canales, version_minima: cfg.version_minima, apps };
      return sendJsonConEtag(request, reply, { error: null, datos });
    },
  });

  app.get(api.indice.path, {
    config: PUBLICA,
    schema: { tags, summary: api.indice.summary, response: { 200: api.indice.answer, ...cerrada } },
    handler: async (request, reply) => {
      const cfg = await abierta(reply);
      if (!cfg) return reply;
      return sendJsonConEtag(request, reply, await storeIndice(db, storeBase(config, request), cfg));
    },
  });

  app.get(api.descarga.path, {
    // Byte ranges and Content-Length describe the stored bytes: the download goes as stored.
    compress: false,
    config: PUBLICA,
    schema: {
      tags,
      summary: api.descarga.summary,
      params: api.descarga.params,
      produces: [...api.descarga.produces],
      response: { 400: errorBody, 404: errorBody, ...cerrada },
    },
    handler: async (request, reply) => {
      const cfg = await abierta(reply);
      if (!cfg) return reply;
      const { apk } = request.params;
      const { packageName, versionCode } = apkDe(apk);
      const version = await versionDescargable(db, packageName, versionCode, cfg.canales);
      if (!version) throw new ApiError(404, 'La tienda no ofrece esa versión');
      const file = { sha256: version.sha256, tamano: version.tamano, tipo: APK_TIPO };
      return sendDownload(request, reply, store, file, apk, () => contarDescarga(db, version));
    },
  });

  route(app, api.icono, {
    // Byte ranges and Content-Length describe the stored bytes: the download goes as stored.
    options: { compress: false },
    config: PUBLICA,
    tags,
    handler: async (request, reply) => {
      const icono = await iconoDe(db, request.params.package_name);
      if (!icono) throw new ApiError(404, 'La aplicación no tiene icono publicado');
      return sendDownload(request, reply, store, icono, icono.nombre, async () => undefined);
    },
  });
};
