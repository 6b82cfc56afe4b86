import { dnsApi } from '@intranet/contract/areas/servidores/dns-endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../core/endpoint.ts';
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

/** Servicio DNS: the derived entries across servers, and their addresses. */
export const dnsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = dnsApi;
  const tags = ['dns'];

  route(app, api.lista, {
    config: { ...VER, cache: DNS_LIST_TABLAS },
    tags,
    handler: async (request) => ({ error: null, datos: await listPage(dnsList, request.query, dnsSource(db)) }),
  });

  route(app, api.csv, {
    config: VER,
    tags,
    options: { compress: compresionCsv },
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

  route(app, api.detalle, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await dnsDetalle(db, request.params.id) }),
  });

  route(app, api.crear, {
    config: EDITAR,
    tags,
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await crearDns(db, request.body, autorDe(sessionOf(request))) }),
  });

  route(app, api.modificar, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarDns(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.eliminar, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarDnsEntry(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  route(app, api.resolver, {
    config: VER,
    tags,
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

  route(app, api.direcciones, {
    config: VER,
    tags: dtags,
    handler: async (request) => ({ error: null, datos: await direccionesDeDns(db, request.query.dns) }),
  });

  route(app, api.crearDireccion, {
    config: EDITAR,
    tags: dtags,
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await crearDireccion(db, request.body, autorDe(sessionOf(request))) }),
  });

  route(app, api.modificarDireccion, {
    config: EDITAR,
    tags: dtags,
    handler: async (request) => ({
      error: null,
      datos: await modificarDireccion(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.eliminarDireccion, {
    config: EDITAR,
    tags: dtags,
    handler: async (request) => {
      await eliminarDireccion(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  route(app, api.verificarDireccion, {
    config: VER,
    tags: dtags,
    handler: async (request) => {
      const d = await direccionDe(db, request.params.id);
      return { error: null, datos: await verificarConexion(d.host, d.port) };
    },
  });
};
