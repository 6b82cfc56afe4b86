import {
  actualizacion,
  actualizacionExportQuery,
  actualizacionInput,
  actualizacionListQuery,
  actualizacionOpciones,
  actualizacionPage,
  desactualizadosQuery,
  opcionesQuery,
  productoDesactualizados,
} from '@intranet/contract/areas/clientes/actualizaciones';
import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { autorDe, type AuditEntities } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import { sendCsv } from '../../../lists/csv.ts';
import { listBatches, listPage } from '../../../lists/list.ts';
import { sessionOf } from '../../../plugins/access.ts';
import {
  actualizacionDetalle,
  actualizacionesCsv,
  actualizacionesList,
  actualizacionesSource,
  desactualizados,
  desactualizadosCsv,
  desactualizadosFilas,
  eliminarActualizacion,
  ENTIDAD,
  opciones,
  registrarActualizacion,
} from './queries.ts';

export const actualizacionesAuditoria: AuditEntities = { [ENTIDAD]: 'CLIENTES#VER' };

const tags = ['actualizaciones'];
const VER = { access: 'CLIENTES#VER' } as const;
const EDITAR = { access: 'CLIENTES#EDITAR' } as const;
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

export const actualizacionesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/actualizaciones/lista', {
    config: VER,
    schema: {
      tags,
      summary: 'Actualizaciones aplicadas en servidores de clientes',
      description:
        '`desde`/`hasta` son fechas de Buenos Aires; `version_id` filtra por la versión instalada. Orden por defecto: -fecha.',
      querystring: actualizacionListQuery,
      response: { 200: envelope(actualizacionPage), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await listPage(actualizacionesList, request.query, actualizacionesSource(db)),
    }),
  });

  app.get('/api/actualizaciones/export.csv', {
    config: VER,
    schema: {
      tags,
      summary: 'La lista filtrada, en CSV',
      querystring: actualizacionExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'actualizaciones',
        columnas: actualizacionesCsv,
        filas: listBatches(actualizacionesList, request.query, actualizacionesSource(db)),
      });
    },
  });

  app.get('/api/actualizaciones/desactualizados', {
    config: VER,
    schema: {
      tags,
      summary: 'Por producto, su última versión publicada y los clientes con servidores en una anterior',
      description:
        'Cuentan las versiones publicadas estables y hotfix (no las beta); "atraso" es cuántas hay después de la instalada.',
      querystring: desactualizadosQuery,
      response: { 200: envelope(z.array(productoDesactualizados)), ...bad },
    },
    handler: async (request) => ({ error: null, datos: await desactualizados(db, request.query) }),
  });

  app.get('/api/actualizaciones/desactualizados/export.csv', {
    config: VER,
    schema: {
      tags,
      summary: 'Los clientes desactualizados en CSV: un renglón por servidor atrasado en un producto',
      querystring: desactualizadosQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'clientes-desactualizados',
        columnas: desactualizadosCsv,
        filas: desactualizadosFilas(db, request.query),
      });
    },
  });

  app.get('/api/actualizaciones/opciones', {
    config: VER,
    schema: {
      tags,
      summary: 'Servidores del cliente y versiones, para el formulario',
      querystring: opcionesQuery,
      response: { 200: envelope(actualizacionOpciones), ...bad },
    },
    handler: async (request) => ({ error: null, datos: await opciones(db, request.query.empresa_id) }),
  });

  app.get('/api/actualizaciones/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Una actualización con su log',
      params: idParam,
      response: { 200: envelope(actualizacion), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await actualizacionDetalle(db, request.params.id) }),
  });

  app.post('/api/actualizaciones', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Registra una actualización',
      description:
        'Sin `version_desde_id` toma la versión que el servidor tenía. Una actualización `ok` de Physis ERP lleva `version_physis` del servidor a la versión instalada, en la misma transacción.',
      body: actualizacionInput,
      response: { 201: envelope(actualizacion), ...bad },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ error: null, datos: await registrarActualizacion(db, request.body, autorDe(sessionOf(request))) }),
  });

  app.delete('/api/actualizaciones/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina el registro de una actualización (la versión del servidor no cambia)',
      params: idParam,
      response: { 200: okBody, ...bad, 404: errorBody },
    },
    handler: async (request) => {
      await eliminarActualizacion(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
