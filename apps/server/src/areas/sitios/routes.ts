import { sitiosApi } from '@intranet/contract/areas/sitios/endpoints';
import { sitiosVencimientosApi } from '@intranet/contract/areas/sitios/vencimientos-endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.ts';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { listRoutes } from '../../lists/list-routes.ts';
import { sessionOf } from '../../plugins/access.ts';
import {
  crearSitio,
  ENTIDAD,
  eliminarSitio,
  eliminarSitios,
  modificarSitio,
  sitioDetalle,
  sitioOpciones,
  sitiosCsv,
  sitiosList,
  sitiosSource,
} from './queries.ts';
import { verificacionesDe, verificarSitio, verificarSitios } from './verificar.ts';
import {
  sitiosVencimientosCsv,
  sitiosVencimientosList,
  sitiosVencimientosPorMes,
  sitiosVencimientosSource,
} from './vencimientos.ts';

export const sitiosAuditoria: AuditEntities = { [ENTIDAD]: 'SUBPROD#VER' };

const tags = ['sitios'];
const VER = { access: 'SUBPROD#VER' } as const;
const EDITAR = { access: 'SUBPROD#EDITAR' } as const;

/** The site-expiry grid: same quick filters and colour rule as the clients' grids. */
const vencimientosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = sitiosVencimientosApi;
  listRoutes(app, api, {
    config: VER,
    tags,
    spec: sitiosVencimientosList,
    source: () => sitiosVencimientosSource(db),
    csv: {
      nombre: 'vencimientos-sitios',
      columnas: sitiosVencimientosCsv,
      source: () => sitiosVencimientosSource(db),
    },
  });

  route(app, api.meses, {
    config: VER,
    tags,
    handler: async () => ({ error: null, datos: await sitiosVencimientosPorMes(db) }),
  });
};

/** "Verificar": a TLS handshake with the site, stored; a site the server cannot reach is an answer, not a 5xx. */
const verificarRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = sitiosApi;
  route(app, api.verificar, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await verificarSitio(db, request.params.id, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.verificarVarios, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await verificarSitios(db, request.body.ids, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.verificaciones, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await verificacionesDe(db, request.params.id) }),
  });
};

export const sitiosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(vencimientosRoutes, { db });
  await app.register(verificarRoutes, { db });
  const api = sitiosApi;

  listRoutes(app, api, {
    config: VER,
    tags,
    spec: sitiosList,
    source: () => sitiosSource(db),
    csv: { nombre: 'sitios', columnas: sitiosCsv, source: () => sitiosSource(db) },
  });

  route(app, api.opciones, {
    config: VER,
    tags,
    handler: async () => ({ error: null, datos: await sitioOpciones(db) }),
  });

  route(app, api.eliminarVarios, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: { eliminados: await eliminarSitios(db, request.body.ids, autorDe(sessionOf(request))) },
    }),
  });

  route(app, api.detalle, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await sitioDetalle(db, request.params.id) }),
  });

  route(app, api.crear, {
    config: EDITAR,
    tags,
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await crearSitio(db, request.body, autorDe(sessionOf(request))) }),
  });

  route(app, api.modificar, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarSitio(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.eliminar, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarSitio(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
