import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * What other sites read or post to by design, with no portal session: open to any origin. Matched on the path,
 * because a preflight (OPTIONS) reaches no route of its own to read a flag from.
 */
const ABIERTAS: readonly RegExp[] = [
  /^\/api\/[^/]+\/(envelope|store)\/?$/, // the Sentry-compatible intake: SDKs in other sites' pages report here
  /^\/api\/store\//, // {store}: the public app store
  /^\/assets\/config\.json$/, // the runtime configuration
  /^\/api\/archivos\/[0-9a-f]{64}$/, // a file of the store by its hash (the link is the key)
  /^\/api\/paquetes\/\d+\/descarga\/[0-9a-f]{64}$/, // an installer's direct link
];

/** Whether a path is one of the public routes that any origin may read. */
export const corsAbierta = (url: string): boolean => {
  const path = url.split('?')[0] ?? '';
  return ABIERTAS.some((re) => re.test(path));
};

/**
 * CORS: the public routes above answer any origin; every other route only the origins CORS_ORIGINS names
 * (none by default: the web app is served by this server, so its own calls are same-origin).
 */
export async function corsPolicy(app: FastifyInstance, origenes: readonly string[]): Promise<void> {
  const comunes = { exposedHeaders: ['Retry-After', 'X-Sentry-Rate-Limits'], maxAge: 600 };
  const abierta = { ...comunes, origin: '*', methods: ['GET', 'HEAD', 'POST'] };
  const cerrada = { ...comunes, origin: [...origenes], methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] };
  await app.register(cors, {
    delegator: (request, callback) => callback(null, corsAbierta(request.url) ? abierta : cerrada),
  });
}
