import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { corsAbierta } from './cors.ts';

/** The origins of the configured base URLs and PUBLIC_URL that point elsewhere: the web app calls them. */
function otrosOrigenes(config: Config): string[] {
  const urls = [...Object.values(config.urls), config.publicUrl].filter((url) => url !== '' && URL.canParse(url));
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

/** The page's rules: only the portal's own scripts, none inline; Mantine writes style tags and attributes. */
function cspDirectives(config: Config): Record<string, string[]> {
  const otros = otrosOrigenes(config);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Rich-text documents show pictures from any web address (the editor's image popup takes one).
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...otros],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Headers only a document (or a worker) reads: a browser ignores them on a script or a stylesheet, and the first
 * screen fetches some forty of those, each paying them again (half a kilobyte each, uncompressed in HTTP/1.1).
 */
const SOLO_DOCUMENTOS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * A built script or stylesheet (hashed, under /assets/; no worker lives there): run or applied by a page, never one.
 */
const SUBRECURSO = /^\/assets\/[^?#]+\.(?:js|css)(?:[?#]|$)/;

/**
 * Security headers on every answer (helmet): the CSP above, no framing, nosniff, same-origin referrers; a built
 * script or stylesheet keeps nosniff, its referrer and resource policies and HSTS, without the document's. Only the
 * public routes that other sites use (corsAbierta) may be embedded by them (Cross-Origin-Resource-Policy).
 *
 * helmet's middleware is made once, here, and run on each request. The Fastify plugin (@fastify/helmet) made it
 * anew on every request, parsing the CSP's directives again each time, for headers that never change: 3.7 % of the
 * server's own CPU in the DNS bench, and a third of the rate of a request that reads little (the session check).
 */
export async function securityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const poner = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    poner(request.raw, reply.raw, (err?: unknown) => {
      if (corsAbierta(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
      done(err instanceof Error ? err : undefined);
    });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && SUBRECURSO.test(request.url))
      for (const name of SOLO_DOCUMENTOS) reply.removeHeader(name);
    return payload;
  });
}
