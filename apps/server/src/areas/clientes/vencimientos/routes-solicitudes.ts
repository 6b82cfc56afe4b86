import { solicitudesApi } from '@intranet/contract/areas/clientes/solicitudes-endpoints';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config.ts';
import { route } from '../../../core/endpoint.ts';
import { secretsKeyOf } from '../../../core/secretos.ts';
import { autorDe } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import { sessionOf } from '../../../plugins/access.ts';
import { crearSolicitud, csrDe, descargarClave, eliminarSolicitud, solicitudesDe } from './solicitudes.ts';

const tags = ['vencimientos'];
const VER = { access: 'CLIENTES#VER' } as const;
const EDITAR = { access: 'CLIENTES#EDITAR' } as const;
const CERTIFICADOS = { access: 'CLIENTES#CERTIFICADOS' } as const;

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
  const api = solicitudesApi;

  route(app, api.crear, {
    config: EDITAR,
    tags,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ error: null, datos: await crearSolicitud(db, key, request.body, autorDe(sessionOf(request))) }),
  });

  route(app, api.deCliente, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await solicitudesDe(db, request.params.id) }),
  });

  route(app, api.csr, {
    config: VER,
    tags,
    handler: async (request, reply) => {
      const { nombre, csr } = await csrDe(db, request.params.id);
      return enviarArchivo(reply, nombre, 'application/pkcs10', csr);
    },
  });

  route(app, api.eliminar, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarSolicitud(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  route(app, api.clave, {
    config: CERTIFICADOS,
    tags,
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
