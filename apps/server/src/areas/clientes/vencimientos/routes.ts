import { vencimientosApi } from '@intranet/contract/areas/clientes/vencimientos-endpoints';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.ts';
import { autorDe, type AuditEntities } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import { compresionCsv, sendListCsv } from '../../../lists/csv.ts';
import { listPage } from '../../../lists/list.ts';
import { sessionOf } from '../../../plugins/access.ts';
import { ApiError } from '../../../core/api-error.ts';
import { leerCertificado, MENSAJES_CERTIFICADO } from './certificado.ts';
import { importarCertificado, modificarCertificado } from './certificados.ts';
import {
  vencimientosCsv,
  vencimientosList,
  vencimientosPorMes,
  vencimientosSource,
  vencimientosTodas,
  VENCIMIENTOS_TABLAS,
} from './grid.ts';
import { eliminarItem, itemDetalle, renovacionesDe, renovar, vencimientosDeCliente } from './items.ts';
import { guardarLicencia } from './licencias.ts';
import { licenciasCsv, licenciasGridSource, licenciasTodas } from './licencias-csv.ts';
import { guardarPuntoVenta } from './puntos-venta.ts';
import { ENTIDAD } from './queries.ts';

export const vencimientosAuditoria: AuditEntities = {
  [ENTIDAD.certificado]: 'CLIENTES#VER',
  [ENTIDAD.punto_venta]: 'CLIENTES#VER',
  [ENTIDAD.licencia]: 'CLIENTES#VER',
  [ENTIDAD.solicitud]: 'CLIENTES#VER',
};

/** A certificate file is a few kilobytes; anything much larger is not one. */
export const CERTIFICADO_MAX_BYTES = 64 * 1024;

const tags = ['vencimientos'];
const VER = { access: 'CLIENTES#VER' } as const;
const EDITAR = { access: 'CLIENTES#EDITAR' } as const;

export const vencimientosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = vencimientosApi;

  route(app, api.lista, {
    config: { ...VER, cache: VENCIMIENTOS_TABLAS },
    tags,
    handler: async (request) => ({
      error: null,
      datos: await listPage(
        vencimientosList,
        { ...request.query, grupo: request.params.grupo },
        vencimientosSource(db, request.params.grupo),
      ),
    }),
  });

  route(app, api.csv, {
    config: VER,
    tags,
    options: { compress: compresionCsv },
    handler: async (request, reply) => {
      const { grupo } = request.params;
      const query = { ...request.query, grupo };
      const nombre = `vencimientos-${grupo}`;
      // The Physis grid is all licences: its CSV has the licences' import columns (round trip).
      if (grupo === 'physis')
        await sendListCsv(reply, db, {
          nombre,
          columnas: licenciasCsv,
          spec: vencimientosList,
          query,
          source: licenciasGridSource,
          todas: licenciasTodas,
        });
      else
        await sendListCsv(reply, db, {
          nombre,
          columnas: vencimientosCsv,
          spec: vencimientosList,
          query,
          source: vencimientosSource,
          todas: vencimientosTodas,
        });
      return reply;
    },
  });

  route(app, api.meses, {
    config: { ...VER, cache: VENCIMIENTOS_TABLAS },
    tags,
    handler: async (request) => ({ error: null, datos: await vencimientosPorMes(db, request.params.grupo) }),
  });

  route(app, api.cliente, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await vencimientosDeCliente(db, request.params.id) }),
  });

  await app.register(async (scope) => {
    // The body is the certificate file itself (PEM or DER), whatever type the browser declares.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CERTIFICADO_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    route(scope.withTypeProvider<ZodTypeProvider>(), api.importarCertificado, {
      config: EDITAR,
      tags,
      handler: async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(400, MENSAJES_CERTIFICADO.noEsCertificado);
        const creado = await importarCertificado(db, leerCertificado(body), request.query, autorDe(sessionOf(request)));
        return reply.code(201).send({ error: null, datos: creado });
      },
    });
  });

  route(app, api.modificarCertificado, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarCertificado(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.crearPuntoVenta, {
    config: EDITAR,
    tags,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ error: null, datos: await guardarPuntoVenta(db, null, request.body, autorDe(sessionOf(request))) }),
  });

  route(app, api.modificarPuntoVenta, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await guardarPuntoVenta(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.crearLicencia, {
    config: EDITAR,
    tags,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ error: null, datos: await guardarLicencia(db, null, request.body, autorDe(sessionOf(request))) }),
  });

  route(app, api.modificarLicencia, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await guardarLicencia(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.item, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await itemDetalle(db, request.params.tipo, request.params.id) }),
  });

  route(app, api.eliminarItem, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarItem(db, request.params.tipo, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  route(app, api.renovar, {
    config: EDITAR,
    tags,
    handler: async (request, reply) => {
      const { tipo, id } = request.params;
      return reply
        .code(201)
        .send({ error: null, datos: await renovar(db, tipo, id, request.body, autorDe(sessionOf(request))) });
    },
  });

  route(app, api.renovaciones, {
    config: VER,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await renovacionesDe(db, request.params.tipo, request.params.id),
    }),
  });
};
