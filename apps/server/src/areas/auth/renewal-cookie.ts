import { RENEWAL_COOKIE, RENEWAL_PATH, XSRF_COOKIE, XSRF_HEADER } from '@intranet/contract/shared/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';

/**
 * The renewal cookie: HttpOnly (no script reads it), SameSite=Strict, Secure whenever the portal is reached over
 * TLS (behind a proxy, as TRUST_PROXY reports it), sent only to the renewal routes, and with no Max-Age, so it
 * ends when the browser closes.
 */
const attributes = (request: FastifyRequest) => ({
  path: RENEWAL_PATH,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.protocol === 'https',
});

export const setRenewalCookie = (request: FastifyRequest, reply: FastifyReply, valor: string): void => {
  reply.setCookie(RENEWAL_COOKIE, valor, attributes(request));
};

export const clearRenewalCookie = (request: FastifyRequest, reply: FastifyReply): void => {
  reply.clearCookie(RENEWAL_COOKIE, attributes(request));
};

export const renewalCookieOf = (request: FastifyRequest): string | undefined => {
  const valor = request.cookies[RENEWAL_COOKIE];
  return valor && /^[\w-]{20,100}$/.test(valor) ? valor : undefined;
};

/**
 * The renewal routes take the anti-forgery pair as every changing call does, and require it even when the
 * cookie is missing (the general rule lets cookie-less API clients through): only a page of the portal renews.
 */
export function hasAntiForgery(request: FastifyRequest): boolean {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER.toLowerCase()];
  if (!cookie || typeof header !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}
