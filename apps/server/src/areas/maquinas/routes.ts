import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  asignarInput,
  devolverInput,
  maquina,
  maquinaDetalle as maquinaDetalleSchema,
  maquinaExportQuery,
  maquinaInput,
  maquinaListQuery,
  maquinaPage,
  ubicaciones,
} from '@intranet/contract/areas/maquinas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import {
  asignarMaquina,
  crearMaquina,
  devolverMaquina,
  ENTIDAD,
  eliminarMaquina,
  maquinaDetalle,
  maquinasCsv,
  maquinasList,
  maquinasSource,
  modificarMaquina,
  ubicacionesEnUso,
} from './queries.ts';

export const maquinasAuditoria: AuditEntities = { [ENTIDAD]: 'PHY-MAQ#TODO' };

const tags = ['maquinas'];
const FULL_ACCESS = { access: 'PHY-MAQ#TODO' } as const;
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

export const maquinasRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/maquinas', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Lista paginada de máquinas',
      querystring: maquinaListQuery,
      response: { 200: envelope(maquinaPage), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await listPage(maquinasList, request.query, maquinasSource(db)),
    }),
  });

  app.get('/api/maquinas/export.csv', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Todas las máquinas de la lista filtrada, en CSV',
      querystring: maquinaExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'maquinas',
        columnas: maquinasCsv,
        filas: listBatches(maquinasList, request.query, maquinasSource(db)),
      });
    },
  });

  app.get('/api/maquinas/ubicaciones', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Las ubicaciones en uso, para el filtro de la lista',
      response: { 200: envelope(ubicaciones), ...denied },
    },
    handler: async () => ({ error: null, datos: await ubicacionesEnUso(db) }),
  });

  app.get('/api/maquinas/:id', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Una máquina con su historial de asignaciones',
      params: idParam,
      response: { 200: envelope(maquinaDetalleSchema), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await maquinaDetalle(db, request.params.id) }),
  });

  app.post('/api/maquinas', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Crea una máquina',
      body: maquinaInput,
      response: { 201: envelope(maquina), ...bad, 409: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await crearMaquina(db, request.body, autorDe(sessionOf(request))) }),
  });

  app.put('/api/maquinas/:id', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Modifica una máquina',
      description: 'Una máquina asignada queda «En uso» hasta «Devolver» (409 si se pide otro estado).',
      params: idParam,
      body: maquinaInput,
      response: { 200: envelope(maquina), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarMaquina(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/maquinas/:id', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Elimina una máquina sin historial (409 si tuvo asignaciones)',
      params: idParam,
      response: { 200: okBody, ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      await eliminarMaquina(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  app.post('/api/maquinas/:id/asignar', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Asigna la máquina a una persona desde una fecha',
      description: '409 si está dada de baja o ya asignada; la máquina pasa a «En uso».',
      params: idParam,
      body: asignarInput,
      response: { 200: envelope(maquinaDetalleSchema), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await asignarMaquina(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.post('/api/maquinas/:id/devolver', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Cierra la asignación abierta en una fecha; la máquina queda en el estado elegido',
      params: idParam,
      body: devolverInput,
      response: { 200: envelope(maquinaDetalleSchema), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await devolverMaquina(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });
};
