import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  sitio,
  sitioBulkDelete,
  sitioBulkDeleteResult,
  sitioExportQuery,
  sitioInput,
  sitioListQuery,
  sitioOpciones as sitioOpcionesSchema,
  sitioPage,
  sitioVencimientoExportQuery,
  sitioVencimientoListQuery,
  sitioVencimientoMeses,
  sitioVencimientoPage,
  verificaciones,
  verificarResultado,
  verificarVarios,
  verificarVariosResultado,
} from '@intranet/contract/areas/sitios';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
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
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

/** The site-expiry grid: same quick filters and colour rule as the clients' grids. */
const vencimientosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/sitios/vencimientos', {
    config: VER,
    schema: {
      tags,
      summary: 'Vencimientos de certificados SSL y dominios de los sitios (no dados de baja)',
      querystring: sitioVencimientoListQuery,
      response: { 200: envelope(sitioVencimientoPage), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await listPage(sitiosVencimientosList, request.query, sitiosVencimientosSource(db)),
    }),
  });

  app.get('/api/sitios/vencimientos/export.csv', {
    config: VER,
    schema: {
      tags,
      summary: 'Los vencimientos de sitios filtrados, en CSV',
      querystring: sitioVencimientoExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'vencimientos-sitios',
        columnas: sitiosVencimientosCsv,
        filas: listBatches(sitiosVencimientosList, request.query, sitiosVencimientosSource(db)),
      });
    },
  });

  app.get('/api/sitios/vencimientos/meses', {
    config: VER,
    schema: {
      tags,
      summary: 'Vencidos y vencimientos de sitios por mes (12 meses desde este)',
      response: { 200: envelope(sitioVencimientoMeses), ...denied },
    },
    handler: async () => ({ error: null, datos: await sitiosVencimientosPorMes(db) }),
  });
};

/** "Verificar": a TLS handshake with the site, stored; a site the server cannot reach is an answer, not a 5xx. */
const verificarRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post('/api/sitios/:id/verificar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Lee ahora el certificado del sitio (TLS a su host y puerto, 5 s como máximo) y guarda el resultado',
      description:
        'Un sitio inalcanzable (DNS, conexión rechazada, tiempo agotado, certificado de otro host) responde 200 con `resultado: error` y el motivo en `mensaje`.',
      params: idParam,
      response: { 200: envelope(verificarResultado), ...bad, 404: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await verificarSitio(db, request.params.id, autorDe(sessionOf(request))),
    }),
  });

  app.post('/api/sitios/verificar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Verifica varios sitios (hasta 50), de a 5 a la vez',
      body: verificarVarios,
      response: { 200: envelope(verificarVariosResultado), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await verificarSitios(db, request.body.ids, autorDe(sessionOf(request))),
    }),
  });

  app.get('/api/sitios/:id/verificaciones', {
    config: VER,
    schema: {
      tags,
      summary: 'Las últimas 50 verificaciones del sitio, la más reciente primero',
      params: idParam,
      response: { 200: envelope(verificaciones), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await verificacionesDe(db, request.params.id) }),
  });
};

export const sitiosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(vencimientosRoutes, { db });
  await app.register(verificarRoutes, { db });

  app.get('/api/sitios', {
    config: VER,
    schema: {
      tags,
      summary: 'Lista paginada de sitios web',
      querystring: sitioListQuery,
      response: { 200: envelope(sitioPage), ...bad },
    },
    handler: async (request) => ({ error: null, datos: await listPage(sitiosList, request.query, sitiosSource(db)) }),
  });

  app.get('/api/sitios/export.csv', {
    config: VER,
    schema: {
      tags,
      summary: 'Todos los sitios de la lista filtrada, en CSV',
      querystring: sitioExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'sitios',
        columnas: sitiosCsv,
        filas: listBatches(sitiosList, request.query, sitiosSource(db)),
      });
    },
  });

  app.get('/api/sitios/opciones', {
    config: VER,
    schema: {
      tags,
      summary: 'Los servidores propios con sus entradas DNS, para el formulario y el filtro',
      response: { 200: envelope(sitioOpcionesSchema), ...denied },
    },
    handler: async () => ({ error: null, datos: await sitioOpciones(db) }),
  });

  app.post('/api/sitios/eliminar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina varios sitios (todos o ninguno)',
      body: sitioBulkDelete,
      response: { 200: envelope(sitioBulkDeleteResult), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: { eliminados: await eliminarSitios(db, request.body.ids, autorDe(sessionOf(request))) },
    }),
  });

  app.get('/api/sitios/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Un sitio web',
      params: idParam,
      response: { 200: envelope(sitio), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await sitioDetalle(db, request.params.id) }),
  });

  app.post('/api/sitios', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Crea un sitio web',
      body: sitioInput,
      response: { 201: envelope(sitio), ...bad, 409: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await crearSitio(db, request.body, autorDe(sessionOf(request))) }),
  });

  app.put('/api/sitios/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica un sitio web',
      params: idParam,
      body: sitioInput,
      response: { 200: envelope(sitio), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarSitio(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/sitios/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina un sitio web con sus verificaciones',
      params: idParam,
      response: { 200: okBody, ...bad, 404: errorBody },
    },
    handler: async (request) => {
      await eliminarSitio(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
