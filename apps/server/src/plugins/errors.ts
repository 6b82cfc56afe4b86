import type { ErrorBody, FieldErrors } from '@intranet/contract/shared/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, fieldErrorsOf } from '../core/api-error.ts';
import { conflictOf, type Conflictos } from '../db/conflicts.ts';
import { baseNoDisponible } from '../db/disponibilidad.ts';
import { MENSAJES } from '../messages.ts';

export const errorBody = (error: string, campos?: FieldErrors): ErrorBody =>
  campos ? { error, datos: null, campos } : { error, datos: null };

export const sendError = (reply: FastifyReply, status: number, message: string, campos?: FieldErrors) =>
  reply.code(status).type('application/json; charset=utf-8').send(errorBody(message, campos));

export const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** By the raw URL or by the route it matched (the router decodes '/%61pi/...' into an /api route). */
export const isApiRequest = (request: FastifyRequest): boolean =>
  isApiPath(request.url) || isApiPath(request.routeOptions.url ?? '');

/** Seconds a client is asked to wait while the database is away (as /readyz says then). */
const REINTENTAR_BASE_S = 5;

/** The driver's own words under Drizzle's wrapper (which carries the whole SQL text): enough for the log. */
const causaDe = (err: unknown): string => {
  const causa = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return causa instanceof Error ? `${(causa as { code?: string }).code ?? ''} ${causa.message}`.trim() : String(causa);
};

/** Fastify's own 4xx errors, in Spanish. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MENSAJES.jsonInvalido,
  FST_ERR_CTP_EMPTY_JSON_BODY: MENSAJES.jsonInvalido,
  FST_ERR_CTP_BODY_TOO_LARGE: MENSAJES.demasiadoGrande,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MENSAJES.tipoNoAdmitido,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MENSAJES.solicitudInvalida,
};

/** The one error handler and the /api not-found answer. Pages that are not found go to `pageFallback`. */
export function errors(
  app: FastifyInstance,
  opts: { pageFallback: (request: FastifyRequest, reply: FastifyReply) => unknown },
  conflictos: Conflictos,
): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const campos = fieldErrorsOf(err.validation, err.validationContext ?? 'body');
      return sendError(reply, 400, MENSAJES.datosInvalidos, campos);
    }
    if (err instanceof ApiError) {
      if (err.headers) reply.headers(err.headers);
      return sendError(reply, err.statusCode, err.message, err.campos);
    }
    if (baseNoDisponible(err)) {
      // Not a fault of this call: the database is away (stopped, restarting); the client tries again shortly.
      request.log.warn({ causa: causaDe(err) }, 'la base de datos no responde');
      return sendError(reply.header('retry-after', String(REINTENTAR_BASE_S)), 503, MENSAJES.baseNoDisponible);
    }
    const conflicto = conflictOf(err, conflictos);
    if (conflicto) return sendError(reply, conflicto.status, conflicto.mensaje, conflicto.campos);
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FASTIFY_MESSAGES[err.code] ?? (status === 413 ? MENSAJES.demasiadoGrande : MENSAJES.solicitudInvalida);
      return sendError(reply, status, message);
    }
    request.log.error({ err }, 'error interno');
    return sendError(reply, 500, MENSAJES.interno);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return sendError(reply, 404, MENSAJES.noEncontrado);
    return opts.pageFallback(request, reply);
  });
}
