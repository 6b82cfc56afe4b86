import type { AddressInfo } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { baseNoDisponible } from '../../db/disponibilidad.ts';
import { dsnDe, proyectoPropio, type Origen } from './proyectos.ts';

// The portal reports its own errors into a project of its own monitor (the seed's `propio` project).

/** The DSN the portal's web app reports to; null when MONITOR=0 or the project is missing or disabled. */
export async function monitorPropioDsn(db: Db, config: Config, origen: Origen | string): Promise<string | null> {
  if (!config.monitor) return null;
  const p = await proyectoPropio(db);
  return p?.activo ? dsnDe(origen, p) : null;
}

type SentryNode = typeof import('@sentry/node');
interface Cliente {
  dsn: string;
  client: InstanceType<SentryNode['NodeClient']>;
  scope: InstanceType<SentryNode['Scope']>;
}

/** How long the project's key is trusted before it is read again (a rotated key is picked up after this). */
const CLAVE_MS = 60_000;
const SIN_CABECERAS = new Set(['authorization', 'cookie', 'x-xsrf-token', 'x-sentry-auth']);

/**
 * Every 500 the error handler answers is sent with @sentry/node to the portal's own project, over HTTP to
 * this same server once it listens (loopback, so a proxy in front does not matter). Reporting is
 * fire-and-forget: the request has been answered already and a failure to report is only logged. The
 * intake's own errors are never reported, so a broken intake cannot feed itself.
 */
export function reportarErroresPropios(app: FastifyInstance, { db, config }: { db: Db; config: Config }): void {
  if (!config.monitor) return;
  let cliente: Cliente | undefined;
  let leido = 0;
  let sdk: SentryNode | undefined;

  async function actual(): Promise<Cliente | undefined> {
    if (cliente && Date.now() - leido < CLAVE_MS) return cliente;
    const address = app.server.address() as AddressInfo | string | null;
    if (!address || typeof address === 'string') return undefined;
    const p = await proyectoPropio(db);
    leido = Date.now();
    if (!p?.activo) {
      cliente = undefined;
      return undefined;
    }
    const host =
      address.family === 'IPv6'
        ? `[${address.address === '::' ? '::1' : address.address}]`
        : address.address === '0.0.0.0'
          ? '127.0.0.1'
          : address.address;
    const dsn = dsnDe({ protocol: 'http', host: `${host}:${address.port}` }, p);
    if (cliente?.dsn === dsn) return cliente;
    await cliente?.client.close(0);
    sdk ??= await import('@sentry/node');
    const client = new sdk.NodeClient({
      dsn,
      environment: process.env.NODE_ENV ?? 'production',
      release: `intranet-server@${process.env.npm_package_version ?? '0.0.0'}`,
      serverName: 'intranet',
      transport: sdk.makeNodeTransport,
      stackParser: sdk.defaultStackParser,
      integrations: [sdk.linkedErrorsIntegration(), sdk.contextLinesIntegration(), sdk.nodeContextIntegration()],
      sendClientReports: false,
    });
    const scope = new sdk.Scope();
    scope.setClient(client);
    client.init();
    cliente = { dsn, client, scope };
    return cliente;
  }

  function reportar(request: FastifyRequest, error: FastifyError): void {
    void actual()
      .then((c) => {
        if (!c) return;
        const scope = c.scope.clone();
        const headers = Object.fromEntries(
          Object.entries(request.headers)
            .filter(([k, v]) => !SIN_CABECERAS.has(k) && typeof v === 'string')
            .map(([k, v]) => [k, String(v)]),
        );
        scope.setTag('ruta', `${request.method} ${request.routeOptions.url ?? request.url}`);
        if (request.sesion)
          scope.setUser({ id: String(request.sesion.usuario.id), username: request.sesion.usuario.nombre });
        scope.addEventProcessor((event) => ({
          ...event,
          transaction: `${request.method} ${request.routeOptions.url ?? ''}`,
          request: { method: request.method, url: `${request.protocol}://${request.host}${request.url}`, headers },
        }));
        scope.captureException(error);
      })
      .catch((err: unknown) => request.log.warn({ err }, 'monitor propio: no se pudo reportar el error'));
  }

  // onError runs before the error handler picks the status; the answer's status is known at onResponse.
  const errores = new WeakMap<FastifyRequest, FastifyError>();
  app.addHook('onError', async (request, _reply, error) => {
    if (!request.routeOptions.config?.sentryIntake) errores.set(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    const error = errores.get(request);
    // The database away is no fault to report, and the report would be stored in that same database.
    if (error && reply.statusCode >= 500 && !baseNoDisponible(error)) reportar(request, error);
  });
  app.addHook('onClose', async () => {
    await Promise.resolve(cliente?.client.close(2000)).catch(() => false);
  });
}
