import { personasApi } from '@intranet/contract/areas/personas/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../core/endpoint.ts';
import { listRoutes } from '../../lists/list-routes.ts';
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

export const personasRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = personasApi;
  listRoutes(app, api, {
    config: FULL_ACCESS,
    tags,
    spec: personasList,
    source: () => personasSource(db),
    csv: { nombre: 'personas', columnas: personasCsv, source: () => personasSource(db) },
  });

  route(app, api.opciones, {
    // Máquinas assigns machines to people, so its users may pick a person too.
    config: { access: ['PHY-PER#TODO', 'PHY-MAQ#TODO'] },
    tags,
    handler: async (request) => ({ error: null, datos: await personaOpciones(db, request.query) }),
  });

  route(app, api.areas, {
    config: FULL_ACCESS,
    tags,
    handler: async () => ({ error: null, datos: await personaAreas(db) }),
  });

  route(app, api.detalle, {
    config: FULL_ACCESS,
    tags,
    handler: async (request) => ({ error: null, datos: await personaDetalle(db, request.params.id) }),
  });

  route(app, api.crear, {
    config: FULL_ACCESS,
    tags,
    handler: async (request, reply) => {
      const creada = await crearPersona(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creada });
    },
  });

  route(app, api.modificar, {
    config: FULL_ACCESS,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarPersona(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.eliminar, {
    config: FULL_ACCESS,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await eliminarPersona(db, request.params.id, autorDe(sessionOf(request))),
    }),
  });
};
