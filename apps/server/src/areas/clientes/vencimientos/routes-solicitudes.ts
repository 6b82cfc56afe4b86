import { claveDescargaInput, solicitud, solicitudInput } from '@intranet/contract/areas/clientes/solicitudes';
import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import { secretsKeyOf } from '../../../core/secretos.ts';
import { autorDe } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import { sessionOf } from '../../../plugins/access.ts';
import { crearSolicitud, csrDe, descargarClave, eliminarSolicitud, solicitudesDe } from './solicitudes.ts';

const tags = ['vencimientos'];
const VER = { access: 'CLIENTES#VER' } as const;
const EDITAR = { access: 'CLIENTES#EDITAR' } as const;
const CERTIFICADOS = { access: 'CLIENTES#CERTIFICADOS' } as const;
const bad = { 400: errorBody, 401: errorBody, 403: errorBody };

/** A file as a download, never kept by a cache on the way. */
const enviarArchivo = (reply: FastifyReply, nombre: string, tipo: string, cuerpo: string | Buffer) =>
  reply
    .type(tipo)
    .header('content-disposition', `attachment; filename="${nombre}"`)
    .header('cache-control', 'no-store')
    .send(cuerpo);

/** AFIP certificate requests: generate (key and CSR), download the CSR, cancel; and the paired key's download. */
export const solicitudesRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Resolved at start so a missing SECRETS_KEY is announced then, not at the first request.
  const key = secretsKeyOf(config);

  app.post('/api/vencimientos/solicitudes', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Genera una solicitud de certificado AFIP: clave RSA 2048 (guardada cifrada) y su CSR PKCS#10',
      description:
        'Sujeto: C=AR, O=<razón social del cliente>, CN=<alias>, serialNumber=CUIT <cuit del cliente>. La clave nunca se responde.',
      body: solicitudInput,
      response: { 201: envelope(solicitud), ...bad },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ error: null, datos: await crearSolicitud(db, key, request.body, autorDe(sessionOf(request))) }),
  });

  app.get('/api/vencimientos/empresas/:id/solicitudes', {
    config: VER,
    schema: {
      tags,
      summary: 'Solicitudes de certificado pendientes del cliente',
      params: idParam,
      response: { 200: envelope(z.array(solicitud)), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await solicitudesDe(db, request.params.id) }),
  });

  app.get('/api/vencimientos/solicitudes/:id/csr', {
    config: VER,
    schema: {
      tags,
      summary: 'El CSR de la solicitud (.csr, PEM), para subir a AFIP',
      params: idParam,
      produces: ['application/pkcs10'],
      response: { ...bad, 404: errorBody },
    },
    handler: async (request, reply) => {
      const { nombre, csr } = await csrDe(db, request.params.id);
      return enviarArchivo(reply, nombre, 'application/pkcs10', csr);
    },
  });

  app.delete('/api/vencimientos/solicitudes/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Cancela una solicitud pendiente (su clave se borra)',
      params: idParam,
      response: { 200: okBody, ...bad, 404: errorBody },
    },
    handler: async (request) => {
      await eliminarSolicitud(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  app.post('/api/vencimientos/certificados/:id/clave', {
    config: CERTIFICADOS,
    schema: {
      tags,
      summary: 'Descarga la clave privada y el certificado: .p12 con la contraseña elegida, o PEM',
      description:
        'Solo para certificados emparejados con una solicitud generada aquí (409 si no). Cada descarga queda en el historial.',
      params: idParam,
      body: claveDescargaInput,
      produces: ['application/x-pkcs12', 'application/x-pem-file'],
      response: { ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request, reply) => {
      const { nombre, tipo, cuerpo } = await descargarClave(
        db,
        key,
        request.params.id,
        request.body,
        autorDe(sessionOf(request)),
      );
      return enviarArchivo(reply, nombre, tipo, cuerpo);
    },
  });
};
