import { randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@intranet/contract/shared/http';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { MENSAJES } from '../messages.ts';
import { isApiRequest, sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false on a route authenticated by something other than the session (the Sentry intake's DSN key). */
    xsrf?: false;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const headerName = XSRF_HEADER.toLowerCase();

const same = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Double-submit anti-forgery (a default the specification asks for): pages hand out a random cookie that the web copies
 * into a header. A changing API call that carries the cookie must carry the same value in the header; a call without
 * the cookie (API clients, other origins) is authenticated by its Bearer token alone, which browsers never add.
 */
export async function xsrf(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (isApiRequest(request)) {
      if (SAFE_METHODS.has(request.method) || cookie === undefined || request.routeOptions.config?.xsrf === false)
        return;
      const header = request.headers[headerName];
      if (typeof header !== 'string' || !same(header, cookie)) return sendError(reply, 403, MENSAJES.xsrfInvalido);
      return;
    }
    if (cookie === undefined && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
      });
    }
  });
}
