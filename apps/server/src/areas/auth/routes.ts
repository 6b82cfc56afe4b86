import { authApi } from '@intranet/contract/areas/auth/endpoints';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { MENSAJES } from '../../messages.ts';
import { sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../core/api-error.ts';
import { route } from '../../core/endpoint.ts';
import { signIn } from './ingreso.ts';
import { sinVinculo } from './ingreso-directorio.ts';
import { autorDe } from '../../db/audit.ts';
import { agregarGrupo, directorioDe, quitarGrupo } from './grupos.ts';
import { callbackOidc, canjearOidc, iniciarOidc } from './oidc.ts';
import {
  confirmar,
  cuentasTotp,
  desactivar,
  estadoTotp,
  inscribir,
  requerirEnRol,
  restablecer,
  rolesTotp,
  segundoPaso,
} from './segundo-factor.ts';
import { crearToken, listarTokens, revocarToken } from './tokens.ts';
import { demasiadosIntentos } from '../../core/intentos.ts';
import { revokeSession } from '../../core/sessions.ts';
import { familyOfSession, issueRenewal, revokeFamily } from '../../core/session-renewal.ts';
import { clearRenewalCookie, setRenewalCookie } from './renewal-cookie.ts';

const tags = ['auth'];

/** A sign-in's answer carries the browser's renewal cookie beside the session the page keeps in memory. */
const renewalFor =
  (db: Db) =>
  async (request: FastifyRequest, reply: FastifyReply, token: string): Promise<void> => {
    const valor = await issueRenewal(db, token, request.headers['user-agent']);
    if (valor) setRenewalCookie(request, reply, valor);
  };

export const authRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const withRenewal = renewalFor(db);
  route(app, authApi.ingresar, {
    config: { access: 'public' },
    tags,
    handler: async (request, reply) => {
      const result = await signIn(db, {
        login: request.body.username,
        password: request.body.password,
        ip: request.ip,
        ttlHours: config.sessionTtlHours,
        ldap: config.ldap,
      });
      if (result.kind === 'bloqueado') throw demasiadosIntentos(result.segundos);
      if (result.kind === 'directorio_caido') {
        request.log.warn('el directorio (LDAP) no respondió al ingreso');
        return { error: MENSAJES.directorioCaido, datos: null };
      }
      if (result.kind === 'sin_grupo') return { error: MENSAJES.sinGrupo, datos: null };
      if (result.kind === 'sin_vinculo') return { error: sinVinculo(), datos: null };
      if (result.kind === 'rechazado') return { error: MENSAJES.credencialesIncorrectas, datos: null };
      if (result.kind === 'segundo_paso')
        return { error: MENSAJES.codigoRequerido, datos: null, segundo_paso: { desafio: result.desafio } };
      await withRenewal(request, reply, result.sesion.token);
      return { error: null, datos: result.sesion };
    },
  });

  route(app, authApi.permisos, {
    config: { access: 'session', enrolment: true },
    tags,
    handler: async (request) => {
      const { permisos } = sessionOf(request);
      const granted = permisos as ReadonlySet<string>;
      // fromEntries defines own keys, so even a code spelled '__proto__' maps to a plain boolean.
      return { error: null, datos: Object.fromEntries(request.body.map((code) => [code, granted.has(code)])) };
    },
  });

  route(app, authApi.tokens, {
    config: { access: 'session' },
    tags,
    handler: async (request) => ({ error: null, datos: await listarTokens(db, sessionOf(request).usuario.id) }),
  });

  route(app, authApi.crearToken, {
    config: { access: 'session' },
    tags,
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await crearToken(db, sessionOf(request), request.body) }),
  });

  route(app, authApi.revocarToken, {
    config: { access: 'session' },
    tags,
    handler: async (request) => {
      const sesion = sessionOf(request);
      return {
        error: null,
        datos: await revocarToken(db, request.params.id, sesion, sesion.permisos.has('USUARIOS#ADMIN')),
      };
    },
  });

  route(app, authApi.tokensTodos, {
    config: { access: 'USUARIOS#ADMIN' },
    tags,
    handler: async () => ({ error: null, datos: await listarTokens(db, null) }),
  });

  // ---- Second factor ----

  route(app, authApi.segundoPaso, {
    config: { access: 'public' },
    tags,
    handler: async (request, reply) => {
      const sesion = await segundoPaso(db, config, {
        ...request.body,
        ip: request.ip,
        ttlHours: config.sessionTtlHours,
      });
      await withRenewal(request, reply, sesion.token);
      return { error: null, datos: sesion };
    },
  });

  route(app, authApi.totp, {
    config: { access: 'session', enrolment: true },
    tags,
    handler: async (request) => ({ error: null, datos: await estadoTotp(db, sessionOf(request).usuario.id) }),
  });

  route(app, authApi.inscribirTotp, {
    config: { access: 'session', enrolment: true },
    tags,
    handler: async (request) => ({ error: null, datos: await inscribir(db, config, sessionOf(request).usuario) }),
  });

  route(app, authApi.confirmarTotp, {
    config: { access: 'session', enrolment: true },
    tags,
    handler: async (request) => {
      const { usuario } = sessionOf(request);
      return { error: null, datos: { codigos: await confirmar(db, config, usuario, request.body.codigo) } };
    },
  });

  route(app, authApi.desactivarTotp, {
    config: { access: 'session' },
    tags,
    handler: async (request) => {
      await desactivar(db, config, sessionOf(request).usuario, request.body.codigo);
      return { error: null, datos: null };
    },
  });

  route(app, authApi.cuentasTotp, {
    config: { access: 'USUARIOS#ADMIN' },
    tags,
    handler: async () => ({ error: null, datos: await cuentasTotp(db) }),
  });

  route(app, authApi.restablecerTotp, {
    config: { access: 'USUARIOS#ADMIN' },
    tags,
    handler: async (request) => {
      await restablecer(db, autorDe(sessionOf(request)), request.params.id);
      return { error: null, datos: null };
    },
  });

  route(app, authApi.rolesTotp, {
    config: { access: 'USUARIOS#ADMIN' },
    tags,
    handler: async () => ({ error: null, datos: await rolesTotp(db) }),
  });

  route(app, authApi.requerirTotp, {
    config: { access: 'USUARIOS#ADMIN' },
    tags,
    handler: async (request) => ({
      error: null,
      datos: await requerirEnRol(db, autorDe(sessionOf(request)), request.params.id, request.body.requiere_totp),
    }),
  });

  // ---- The company's directory ----

  route(app, authApi.directorio, {
    config: { access: 'USUARIOS#ADMIN' },
    tags,
    handler: async () => ({ error: null, datos: await directorioDe(db, config) }),
  });

  route(app, authApi.agregarGrupo, {
    config: { access: 'USUARIOS#ADMIN' },
    tags,
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await agregarGrupo(db, request.body, autorDe(sessionOf(request))) }),
  });

  route(app, authApi.quitarGrupo, {
    config: { access: 'USUARIOS#ADMIN' },
    tags,
    handler: async (request) => {
      await quitarGrupo(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  // ---- OpenID Connect ----

  const redirectUri = (request: FastifyRequest) =>
    `${config.publicUrl || `${request.protocol}://${request.host}`}${authApi.oidcCallback.path}`;
  /** Back to the sign-in page with a message, or with the one-time code the page exchanges. */
  const aLogin = (reply: FastifyReply, params: Record<string, string>) =>
    reply.redirect(`/login?${new URLSearchParams(params).toString()}`, 302);

  route(app, authApi.oidc, {
    config: { access: 'public' },
    tags,
    handler: async () => ({ error: null, datos: config.oidc ? { nombre: config.oidc.nombre } : null }),
  });

  route(app, authApi.oidcInicio, {
    config: { access: 'public' },
    tags,
    handler: async (request, reply) => {
      if (!config.oidc) throw new ApiError(404, 'El ingreso con OpenID no está configurado');
      try {
        return reply.redirect(
          (await iniciarOidc(db, config.oidc, redirectUri(request), request.query.destino, request.ip)).href,
          302,
        );
      } catch (err) {
        request.log.warn({ err }, 'el proveedor OpenID no respondió');
        return aLogin(reply, {
          oidc_error: `No se pudo contactar a ${config.oidc.nombre}: intente de nuevo en unos minutos o avise a sistemas.`,
        });
      }
    },
  });

  route(app, authApi.oidcCallback, {
    config: { access: 'public' },
    tags,
    handler: async (request, reply) => {
      if (!config.oidc) throw new ApiError(404, 'El ingreso con OpenID no está configurado');
      const r = await callbackOidc(db, config.oidc, new URL(request.url, redirectUri(request)));
      return r.kind === 'ok'
        ? aLogin(reply, { oidc: r.entrega, destino: r.destino })
        : aLogin(reply, { oidc_error: r.mensaje });
    },
  });

  route(app, authApi.canjearOidc, {
    config: { access: 'public' },
    tags,
    handler: async (request, reply) => {
      const sesion = await canjearOidc(db, request.body.codigo, { ip: request.ip, ttlHours: config.sessionTtlHours });
      if (!sesion) return { error: 'El ingreso venció o ya se usó: vuelva a intentarlo.', datos: null };
      await withRenewal(request, reply, sesion.token);
      return { error: null, datos: sesion };
    },
  });

  route(app, authApi.salir, {
    config: { access: 'session', enrolment: true },
    tags,
    handler: async (request, reply) => {
      const { sesionId } = sessionOf(request);
      // Only a person's session reaches here (a token is refused on the account's own routes).
      if (sesionId !== null) {
        const familia = await familyOfSession(db, sesionId);
        if (familia !== null) await revokeFamily(db, familia, 'salida');
        else await revokeSession(db, sesionId);
      }
      clearRenewalCookie(request, reply);
      return { error: null, datos: null };
    },
  });
};
