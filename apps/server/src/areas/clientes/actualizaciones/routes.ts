import { actualizacionesApi } from '@intranet/contract/areas/clientes/actualizaciones-endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.ts';
import { autorDe, type AuditEntities } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import { sendCsv } from '../../../lists/csv.ts';
import { listRoutes } from '../../../lists/list-routes.ts';
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

export const actualizacionesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = actualizacionesApi;

  listRoutes(app, api, {
    config: VER,
    tags,
    spec: actualizacionesList,
    source: () => actualizacionesSource(db),
    csv: { nombre: 'actualizaciones', columnas: actualizacionesCsv, source: () => actualizacionesSource(db) },
  });

  route(app, api.desactualizados, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await desactualizados(db, request.query) }),
  });

  route(app, api.desactualizadosCsv, {
    config: VER,
    tags,
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'clientes-desactualizados',
        columnas: desactualizadosCsv,
        filas: desactualizadosFilas(db, request.query),
      });
      return reply;
    },
  });

  route(app, api.opciones, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await opciones(db, request.query.empresa_id) }),
  });

  route(app, api.detalle, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await actualizacionDetalle(db, request.params.id) }),
  });

  route(app, api.registrar, {
    config: EDITAR,
    tags,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ error: null, datos: await registrarActualizacion(db, request.body, autorDe(sessionOf(request))) }),
  });

  route(app, api.eliminar, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarActualizacion(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
