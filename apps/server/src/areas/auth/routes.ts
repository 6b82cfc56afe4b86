import {
  apiToken,
  cuentaTotp,
  directorio,
  grupoRol,
  grupoRolInput,
  loginRequest,
  loginResponse,
  oidcCanje,
  oidcProveedor,
  permisosRequest,
  permisosResponse,
  rolTotp,
  rolTotpInput,
  segundoPasoInput,
  tokenCreado,
  tokenInput,
  totpCodigo,
  totpConfirmado,
  totpEstado,
  totpInscripcion,
} from '@intranet/contract/areas/auth';
import { idParam } from '@intranet/contract/shared/list';
import { z } from 'zod';
import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { MENSAJES } from '../../messages.ts';
import { sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../core/api-error.ts';
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
  app.post('/api/auth', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Ingresar con usuario (o email) y contraseña',
      description: 'Un rechazo también es HTTP 200, con `error` y `datos: null`.',
      body: loginRequest,
      response: { 200: loginResponse, 400: errorBody, 429: errorBody },
    },
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

  app.post('/api/auth/permisos', {
    config: { access: 'session', enrolment: true },
    schema: {
      tags,
      summary: 'Qué códigos de permiso tiene el usuario de la sesión',
      body: permisosRequest,
      response: { 200: permisosResponse, 400: errorBody, 401: errorBody },
    },
    handler: async (request) => {
      const { permisos } = sessionOf(request);
      const granted = permisos as ReadonlySet<string>;
      // fromEntries defines own keys, so even a code spelled '__proto__' maps to a plain boolean.
      return { error: null, datos: Object.fromEntries(request.body.map((code) => [code, granted.has(code)])) };
    },
  });

  app.get('/api/auth/tokens', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: 'Mis tokens de API: los vigentes primero, con su último uso',
      response: { 200: envelope(z.array(apiToken)), 401: errorBody, 403: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await listarTokens(db, sessionOf(request).usuario.id) }),
  });

  app.post('/api/auth/tokens', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: 'Crea un token de API con algunos de mis permisos; el token se muestra solo en esta respuesta',
      body: tokenInput,
      response: { 201: envelope(tokenCreado), 400: errorBody, 401: errorBody, 403: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await crearToken(db, sessionOf(request), request.body) }),
  });

  app.post('/api/auth/tokens/:id/revocar', {
    config: { access: 'session' },
    schema: {
      tags,
      summary:
        'Revoca un token de API propio (o de cualquiera, con USUARIOS#ADMIN); deja de funcionar en todos los procesos',
      params: idParam,
      response: { 200: envelope(apiToken), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      const sesion = sessionOf(request);
      return {
        error: null,
        datos: await revocarToken(db, request.params.id, sesion, sesion.permisos.has('USUARIOS#ADMIN')),
      };
    },
  });

  app.get('/api/auth/tokens/todos', {
    config: { access: 'USUARIOS#ADMIN' },
    schema: {
      tags,
      summary: 'Los tokens de API de todas las cuentas, con su dueño',
      response: { 200: envelope(z.array(apiToken)), 401: errorBody, 403: errorBody },
    },
    handler: async () => ({ error: null, datos: await listarTokens(db, null) }),
  });

  // ---- Second factor ----

  app.post('/api/auth/segundo-paso', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'Segundo paso del ingreso: el desafío que respondió la contraseña y un código de la aplicación o de recuperación',
      body: segundoPasoInput,
      response: { 200: loginResponse, 400: errorBody, 429: errorBody },
    },
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

  app.get('/api/auth/totp', {
    config: { access: 'session', enrolment: true },
    schema: {
      tags,
      summary: 'Mi segundo factor: si está activo, si un rol lo requiere y cuántos códigos de recuperación quedan',
      response: { 200: envelope(totpEstado), 401: errorBody, 403: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await estadoTotp(db, sessionOf(request).usuario.id) }),
  });

  app.post('/api/auth/totp/inscripcion', {
    config: { access: 'session', enrolment: true },
    schema: {
      tags,
      summary: 'Una clave nueva para la aplicación de autenticación (código QR); queda activa al confirmar un código',
      response: { 200: envelope(totpInscripcion), 401: errorBody, 403: errorBody, 409: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await inscribir(db, config, sessionOf(request).usuario) }),
  });

  app.post('/api/auth/totp/confirmar', {
    config: { access: 'session', enrolment: true },
    schema: {
      tags,
      summary:
        'Confirma la clave con un código: activa el segundo factor y responde, esta única vez, los códigos de recuperación',
      body: totpCodigo,
      response: { 200: envelope(totpConfirmado), 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      const { usuario } = sessionOf(request);
      return { error: null, datos: { codigos: await confirmar(db, config, usuario, request.body.codigo) } };
    },
  });

  app.post('/api/auth/totp/desactivar', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: 'Desactiva mi segundo factor con un código actual (no si un rol lo requiere)',
      body: totpCodigo,
      response: { 200: okBody, 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      await desactivar(db, config, sessionOf(request).usuario, request.body.codigo);
      return { error: null, datos: null };
    },
  });

  app.get('/api/auth/totp/cuentas', {
    config: { access: 'USUARIOS#ADMIN' },
    schema: {
      tags,
      summary: 'El segundo factor de cada cuenta activa',
      response: { 200: envelope(z.array(cuentaTotp)), 401: errorBody, 403: errorBody },
    },
    handler: async () => ({ error: null, datos: await cuentasTotp(db) }),
  });

  app.post('/api/auth/totp/cuentas/:id/restablecer', {
    config: { access: 'USUARIOS#ADMIN' },
    schema: {
      tags,
      summary: 'Restablece el segundo factor de una cuenta (teléfono perdido): queda desactivado',
      params: idParam,
      response: { 200: okBody, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      await restablecer(db, autorDe(sessionOf(request)), request.params.id);
      return { error: null, datos: null };
    },
  });

  app.get('/api/auth/totp/roles', {
    config: { access: 'USUARIOS#ADMIN' },
    schema: {
      tags,
      summary: 'Los roles y si requieren el segundo factor',
      response: { 200: envelope(z.array(rolTotp)), 401: errorBody, 403: errorBody },
    },
    handler: async () => ({ error: null, datos: await rolesTotp(db) }),
  });

  app.put('/api/auth/totp/roles/:id', {
    config: { access: 'USUARIOS#ADMIN' },
    schema: {
      tags,
      summary: 'Exige (o no) el segundo factor a los integrantes de un rol',
      params: idParam,
      body: rolTotpInput,
      response: { 200: envelope(rolTotp), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await requerirEnRol(db, autorDe(sessionOf(request)), request.params.id, request.body.requiere_totp),
    }),
  });

  // ---- The company's directory ----

  app.get('/api/auth/directorio', {
    config: { access: 'USUARIOS#ADMIN' },
    schema: {
      tags,
      summary: 'El directorio de la empresa (LDAP): si está configurado, y qué rol da cada grupo',
      response: { 200: envelope(directorio), 401: errorBody, 403: errorBody },
    },
    handler: async () => ({ error: null, datos: await directorioDe(db, config) }),
  });

  app.post('/api/auth/directorio/grupos', {
    config: { access: 'USUARIOS#ADMIN' },
    schema: {
      tags,
      summary: 'Un grupo del directorio da un rol a sus integrantes',
      body: grupoRolInput,
      response: { 201: envelope(grupoRol), 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await agregarGrupo(db, request.body, autorDe(sessionOf(request))) }),
  });

  app.delete('/api/auth/directorio/grupos/:id', {
    config: { access: 'USUARIOS#ADMIN' },
    schema: {
      tags,
      summary: 'Quita la asignación de un grupo a un rol',
      params: idParam,
      response: { 200: okBody, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      await quitarGrupo(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  // ---- OpenID Connect ----

  const redirectUri = (request: FastifyRequest) =>
    `${config.publicUrl || `${request.protocol}://${request.host}`}/api/auth/oidc/callback`;
  /** Back to the sign-in page with a message, or with the one-time code the page exchanges. */
  const aLogin = (reply: FastifyReply, params: Record<string, string>) =>
    reply.redirect(`/login?${new URLSearchParams(params).toString()}`, 302);

  app.get('/api/auth/oidc', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'El proveedor OpenID configurado (para el botón "Ingresar con …"), o null',
      response: { 200: oidcProveedor },
    },
    handler: async () => ({ error: null, datos: config.oidc ? { nombre: config.oidc.nombre } : null }),
  });

  app.get('/api/auth/oidc/inicio', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Empieza el ingreso con el proveedor OpenID: redirige a su página (code flow con PKCE)',
      querystring: z.object({ destino: z.string().max(2000).optional() }).strict(),
      response: { 302: z.null(), 404: errorBody },
    },
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

  app.get('/api/auth/oidc/callback', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Vuelta del proveedor OpenID: valida el código y vuelve al ingreso con un código de un solo uso',
      response: { 302: z.null(), 404: errorBody },
    },
    handler: async (request, reply) => {
      if (!config.oidc) throw new ApiError(404, 'El ingreso con OpenID no está configurado');
      const r = await callbackOidc(db, config.oidc, new URL(request.url, redirectUri(request)));
      return r.kind === 'ok'
        ? aLogin(reply, { oidc: r.entrega, destino: r.destino })
        : aLogin(reply, { oidc_error: r.mensaje });
    },
  });

  app.post('/api/auth/oidc/canje', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Canjea el código de un solo uso de la vuelta del proveedor por la sesión',
      body: oidcCanje,
      response: { 200: loginResponse, 400: errorBody },
    },
    handler: async (request, reply) => {
      const sesion = await canjearOidc(db, request.body.codigo, { ip: request.ip, ttlHours: config.sessionTtlHours });
      if (!sesion) return { error: 'El ingreso venció o ya se usó: vuelva a intentarlo.', datos: null };
      await withRenewal(request, reply, sesion.token);
      return { error: null, datos: sesion };
    },
  });

  app.post('/api/auth/logout', {
    config: { access: 'session', enrolment: true },
    schema: {
      tags,
      summary:
        'Cerrar la sesión: revoca el token y la sesión del navegador (todas sus pestañas, y su cookie de renovación)',
      response: { 200: okBody, 401: errorBody },
    },
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
