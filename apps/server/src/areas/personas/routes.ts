import { envelope, errorBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  persona,
  personaDeleteResult,
  personaDetalle as personaDetalleSchema,
  personaExportQuery,
  personaInput,
  personaListQuery,
  personaOpcion,
  personaOpcionesQuery,
  personaPage,
} from '@intranet/contract/areas/personas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import {
  crearPersona,
  ENTIDAD,
  eliminarPersona,
  modificarPersona,
  personaAreas,
  personaDetalle,
  personaOpciones,
  personasCsv,
  personasList,
  personasSource,
} from './queries.ts';

export const personasAuditoria: AuditEntities = { [ENTIDAD]: 'PHY-PER#TODO' };

const tags = ['personas'];
const FULL_ACCESS = { access: 'PHY-PER#TODO' } as const;
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

export const personasRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/personas', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Lista paginada de personas',
      querystring: personaListQuery,
      response: { 200: envelope(personaPage), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await listPage(personasList, request.query, personasSource(db)),
    }),
  });

  app.get('/api/personas/export.csv', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Todas las personas de la lista filtrada, en CSV',
      querystring: personaExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'personas',
        columnas: personasCsv,
        filas: listBatches(personasList, request.query, personasSource(db)),
      });
    },
  });

  app.get('/api/personas/opciones', {
    // Máquinas assigns machines to people, so its users may pick a person too.
    config: { access: ['PHY-PER#TODO', 'PHY-MAQ#TODO'] },
    schema: {
      tags,
      summary: 'Personas para elegir en un selector (por nombre, hasta 50)',
      querystring: personaOpcionesQuery,
      response: { 200: envelope(z.array(personaOpcion)), ...bad },
    },
    handler: async (request) => ({ error: null, datos: await personaOpciones(db, request.query) }),
  });

  app.get('/api/personas/areas', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Las áreas en uso, para el filtro de la lista',
      response: { 200: envelope(z.array(z.string())), ...denied },
    },
    handler: async () => ({ error: null, datos: await personaAreas(db) }),
  });

  app.get('/api/personas/:id', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Una persona con sus máquinas asignadas y las personas a su cargo',
      params: idParam,
      response: { 200: envelope(personaDetalleSchema), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await personaDetalle(db, request.params.id) }),
  });

  app.post('/api/personas', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Crea una persona',
      body: personaInput,
      response: { 201: envelope(persona), ...bad, 409: errorBody },
    },
    handler: async (request, reply) => {
      const creada = await crearPersona(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creada });
    },
  });

  app.put('/api/personas/:id', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Modifica una persona',
      description:
        'Desactivarla desactiva también su cuenta de usuario (y cierra sus sesiones), salvo que sea el último administrador (409).',
      params: idParam,
      body: personaInput,
      response: { 200: envelope(persona), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarPersona(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/personas/:id', {
    config: FULL_ACCESS,
    schema: {
      tags,
      summary: 'Elimina una persona, o la desactiva si algo la referencia',
      description:
        'Con cuenta de usuario, asignaciones de máquinas o personas a cargo no se elimina: se desactiva, y `datos` lo dice (`accion`, `motivo`).',
      params: idParam,
      response: { 200: envelope(personaDeleteResult), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await eliminarPersona(db, request.params.id, autorDe(sessionOf(request))),
    }),
  });
};
