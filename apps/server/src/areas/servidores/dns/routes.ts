import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  direccionesQuery,
  direccionInput,
  direccionView,
  dnsDetalle as dnsDetalleSchema,
  dnsEntry,
  dnsExportQuery,
  dnsInput,
  dnsListQuery,
  dnsPage,
  dnsResolution,
  reachability,
} from '@intranet/contract/areas/servidores/dns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { autorDe, type AuditEntities } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import { compresionCsv, sendListCsv } from '../../../lists/csv.ts';
import { listPage } from '../../../lists/list.ts';
import { sessionOf } from '../../../plugins/access.ts';
import {
  crearDireccion,
  crearDns,
  direccionesDeDns,
  direccionView as direccionDe,
  dnsCsv,
  dnsDetalle,
  dnsList,
  dnsParaResolver,
  dnsSource,
  dnsTodas,
  eliminarDireccion,
  eliminarDnsEntry,
  ENTIDAD_DIRECCION,
  ENTIDAD_DNS,
  modificarDireccion,
  modificarDns,
  DNS_LIST_TABLAS,
} from './queries.ts';
import { resolverHost, verificarConexion } from './network.ts';

export const dnsAuditoria: AuditEntities = { [ENTIDAD_DNS]: '>SERDNS#VER', [ENTIDAD_DIRECCION]: '>SERDNS#VER' };

const VER = { access: '>SERDNS#VER' } as const;
const EDITAR = { access: 'SERDNS#EDITAR' } as const;
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

/** Servicio DNS: the derived entries across servers, and their addresses. */
export const dnsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['dns'];

  app.get('/api/dns', {
    config: { ...VER, cache: DNS_LIST_TABLAS },
    schema: {
      tags,
      summary: 'Lista paginada de entradas DNS de todos los servidores',
      querystring: dnsListQuery,
      response: { 200: envelope(dnsPage), ...bad },
    },
    handler: async (request) => ({ error: null, datos: await listPage(dnsList, request.query, dnsSource(db)) }),
  });

  app.get('/api/dns/export.csv', {
    config: VER,
    compress: compresionCsv,
    schema: {
      tags,
      summary: 'Todas las entradas DNS de la lista filtrada, en CSV',
      querystring: dnsExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: async (request, reply) => {
      await sendListCsv(reply, db, {
        nombre: 'dns',
        columnas: dnsCsv,
        spec: dnsList,
        query: request.query,
        source: dnsSource,
        todas: dnsTodas,
      });
      return reply;
    },
  });

  app.get('/api/dns/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Una entrada DNS con sus direcciones',
      params: idParam,
      response: { 200: envelope(dnsDetalleSchema), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await dnsDetalle(db, request.params.id) }),
  });

  app.post('/api/dns', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Crea una entrada DNS',
      body: dnsInput,
      response: { 201: envelope(dnsEntry), ...bad, 409: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await crearDns(db, request.body, autorDe(sessionOf(request))) }),
  });

  app.put('/api/dns/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica una entrada DNS',
      params: idParam,
      body: dnsInput,
      response: { 200: envelope(dnsEntry), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarDns(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/dns/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina una entrada DNS con sus direcciones',
      params: idParam,
      response: { 200: okBody, ...bad, 404: errorBody },
    },
    handler: async (request) => {
      await eliminarDnsEntry(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  app.post('/api/dns/:id/resolver', {
    config: VER,
    schema: {
      tags,
      summary: 'Resuelve ahora el host de la entrada con el DNS del servidor',
      description:
        '`coincide` dice si la respuesta incluye la IP (o el hostname, para CNAME) del servidor; null si no hay con qué comparar.',
      params: idParam,
      response: { 200: envelope(dnsResolution), ...bad, 404: errorBody },
    },
    handler: async (request) => {
      const entry = await dnsParaResolver(db, request.params.id);
      const { direcciones, error } = await resolverHost(entry.host, entry.tipo);
      const esperadas = (entry.tipo === 'CNAME' ? [entry.hostname] : [entry.ipPublica, entry.ipPrivada]).filter(
        (v): v is string => !!v,
      );
      const coincide =
        error || esperadas.length === 0 ? null : direcciones.some((d) => esperadas.includes(d.toLowerCase()));
      return { error: null, datos: { host: entry.host, direcciones, error, coincide } };
    },
  });

  const dtags = ['direcciones'];

  app.get('/api/direcciones', {
    config: VER,
    schema: {
      tags: dtags,
      summary: 'Direcciones de una entrada DNS',
      querystring: direccionesQuery,
      response: { 200: envelope(z.array(direccionView)), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await direccionesDeDns(db, request.query.dns) }),
  });

  app.post('/api/direcciones', {
    config: EDITAR,
    schema: {
      tags: dtags,
      summary: 'Crea una dirección',
      body: direccionInput,
      response: { 201: envelope(direccionView), ...bad, 409: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await crearDireccion(db, request.body, autorDe(sessionOf(request))) }),
  });

  app.put('/api/direcciones/:id', {
    config: EDITAR,
    schema: {
      tags: dtags,
      summary: 'Modifica una dirección',
      params: idParam,
      body: direccionInput,
      response: { 200: envelope(direccionView), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarDireccion(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/direcciones/:id', {
    config: EDITAR,
    schema: {
      tags: dtags,
      summary: 'Elimina una dirección',
      params: idParam,
      response: { 200: okBody, ...bad, 404: errorBody },
    },
    handler: async (request) => {
      await eliminarDireccion(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  app.post('/api/direcciones/:id/verificar', {
    config: VER,
    schema: {
      tags: dtags,
      summary: 'Prueba ahora una conexión TCP al host y puerto de la dirección (3 s como máximo)',
      params: idParam,
      response: { 200: envelope(reachability), ...bad, 404: errorBody },
    },
    handler: async (request) => {
      const d = await direccionDe(db, request.params.id);
      return { error: null, datos: await verificarConexion(d.host, d.port) };
    },
  });
};
