import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  certificado,
  certificadoImportarQuery,
  certificadoInput,
  grupoParam,
  itemParams,
  licencia,
  licenciaInput,
  puntoVenta,
  puntoVentaInput,
  renovacion,
  renovarInput,
  vencimientoExportQuery,
  vencimientoListQuery,
  vencimientoMeses,
  vencimientoPage,
  vencimientosEmpresa,
} from '@intranet/contract/areas/clientes/vencimientos';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { eliminarItem, itemDetalle, renovacionesDe, renovar, vencimientosDeEmpresa } from './items.ts';
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
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

export const vencimientosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/vencimientos/:grupo/lista', {
    config: { ...VER, cache: VENCIMIENTOS_TABLAS },
    schema: {
      tags,
      summary: 'La grilla de vencimientos (afip: certificados y CAI; physis: licencias)',
      description:
        '`dias` se cuenta desde hoy en Buenos Aires. `plazo`: vencidos, 7, 30, 60, 90 (desde hoy hasta N días) o todos. Orden por defecto: vence.',
      params: grupoParam,
      querystring: vencimientoListQuery,
      response: { 200: envelope(vencimientoPage), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await listPage(
        vencimientosList,
        { ...request.query, grupo: request.params.grupo },
        vencimientosSource(db),
      ),
    }),
  });

  app.get('/api/vencimientos/:grupo/export.csv', {
    config: VER,
    compress: compresionCsv,
    schema: {
      tags,
      summary: 'La grilla filtrada, en CSV',
      description:
        'La de Physis lleva las columnas de la importación de licencias (Id, CUIT, Producto, Tipo, Usuarios, Serial, Inicio…): se vuelve a importar tal cual.',
      params: grupoParam,
      querystring: vencimientoExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
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

  app.get('/api/vencimientos/:grupo/meses', {
    config: { ...VER, cache: VENCIMIENTOS_TABLAS },
    schema: {
      tags,
      summary: 'Vencimientos de cada uno de los próximos 12 meses, y cuántos ya vencieron',
      params: grupoParam,
      response: { 200: envelope(vencimientoMeses), ...bad },
    },
    handler: async (request) => ({ error: null, datos: await vencimientosPorMes(db, request.params.grupo) }),
  });

  app.get('/api/vencimientos/empresas/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Certificados, puntos de venta y licencias de un cliente, y sus vencimientos por fecha',
      params: idParam,
      response: { 200: envelope(vencimientosEmpresa), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await vencimientosDeEmpresa(db, request.params.id) }),
  });

  await app.register(async (scope) => {
    // The body is the certificate file itself (PEM or DER), whatever type the browser declares.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CERTIFICADO_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.post('/api/vencimientos/certificados/importar', {
      config: EDITAR,
      schema: {
        tags,
        summary: 'Importa un certificado AFIP (.crt/.pem; el cuerpo son los bytes del archivo)',
        description:
          'Lee el X.509: CUIT del `serialNumber=CUIT nnnnnnnnnnn` del sujeto, CN, emitido, vence, serie y huella SHA-256. Si su clave pública es la de una solicitud pendiente del cliente, se empareja: guarda la clave y reemplaza el certificado que la solicitud renovaba. 400 si el archivo no es un certificado, no tiene CUIT, o el cliente tiene solicitudes pendientes de ese CUIT y ninguna es de su clave; 409 si el cliente ya tiene ese certificado.',
        querystring: certificadoImportarQuery,
        response: { 201: envelope(certificado), ...bad, 409: errorBody, 413: errorBody },
      },
      handler: async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(400, MENSAJES_CERTIFICADO.noEsCertificado);
        const creado = await importarCertificado(db, leerCertificado(body), request.query, autorDe(sessionOf(request)));
        return reply.code(201).send({ error: null, datos: creado });
      },
    });
  });

  app.put('/api/vencimientos/certificados/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica alias, ambiente y servicios de un certificado (los datos del archivo no cambian)',
      params: idParam,
      body: certificadoInput,
      response: { 200: envelope(certificado), ...bad, 404: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarCertificado(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.post('/api/vencimientos/puntos-venta', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Crea un punto de venta',
      body: puntoVentaInput,
      response: { 201: envelope(puntoVenta), ...bad, 409: errorBody },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ error: null, datos: await guardarPuntoVenta(db, null, request.body, autorDe(sessionOf(request))) }),
  });

  app.put('/api/vencimientos/puntos-venta/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica un punto de venta',
      params: idParam,
      body: puntoVentaInput,
      response: { 200: envelope(puntoVenta), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await guardarPuntoVenta(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.post('/api/vencimientos/licencias', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Crea una licencia Physis',
      body: licenciaInput,
      response: { 201: envelope(licencia), ...bad },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ error: null, datos: await guardarLicencia(db, null, request.body, autorDe(sessionOf(request))) }),
  });

  app.put('/api/vencimientos/licencias/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica una licencia Physis',
      params: idParam,
      body: licenciaInput,
      response: { 200: envelope(licencia), ...bad, 404: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await guardarLicencia(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.get('/api/vencimientos/items/:tipo/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Un certificado, punto de venta o licencia',
      params: itemParams,
      response: { 200: envelope(z.union([certificado, puntoVenta, licencia])), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await itemDetalle(db, request.params.tipo, request.params.id) }),
  });

  app.delete('/api/vencimientos/items/:tipo/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina un certificado, punto de venta o licencia (y su historial de renovaciones)',
      params: itemParams,
      response: { 200: okBody, ...bad, 404: errorBody },
    },
    handler: async (request) => {
      await eliminarItem(db, request.params.tipo, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  app.post('/api/vencimientos/items/:tipo/:id/renovar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Renueva: nueva fecha de vencimiento; la anterior queda en el historial',
      params: itemParams,
      body: renovarInput,
      response: { 201: envelope(renovacion), ...bad, 404: errorBody },
    },
    handler: async (request, reply) => {
      const { tipo, id } = request.params;
      return reply
        .code(201)
        .send({ error: null, datos: await renovar(db, tipo, id, request.body, autorDe(sessionOf(request))) });
    },
  });

  app.get('/api/vencimientos/items/:tipo/:id/renovaciones', {
    config: VER,
    schema: {
      tags,
      summary: 'Historial de renovaciones de un ítem, la más reciente primero',
      params: itemParams,
      response: { 200: envelope(z.array(renovacion)), ...bad, 404: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await renovacionesDe(db, request.params.tipo, request.params.id),
    }),
  });
};
