import './zod-es.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AREAS } from './areas/index.ts';
import type { Config } from './config.ts';
import type { AreaDeps } from './core/area.ts';
import { tablasConAviso, type Cambios } from './db/cambios.ts';
import type { Db } from './db/client.ts';
import { Programador } from './jobs/programador.ts';
import { MENSAJES } from './messages.ts';
import { accessGuard } from './plugins/access.ts';
import { readCache } from './plugins/cache.ts';
import { corsPolicy } from './plugins/cors.ts';
import { errors, sendError } from './plugins/errors.ts';
import { estadoRoutes, VERSION } from './plugins/estado.ts';
import { inputText } from './plugins/input.ts';
import { maintenance } from './plugins/maintenance.ts';
import { openapi } from './plugins/openapi.ts';
import { pressure } from './plugins/pressure.ts';
import { securityHeaders } from './plugins/security.ts';
import { serverTiming } from './plugins/timing.ts';
import { webApp } from './plugins/web.ts';
import { xsrf } from './plugins/xsrf.ts';
import { diskStore } from './storage/disk.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  /** The database's change feed: with it, sessions and cacheable reads are kept in memory (main.ts). */
  cambios?: Cambios | undefined;
  /** Queries waiting for a database connection (main.ts): a long queue turns new calls away with a 503. */
  enEspera?: (() => number) | undefined;
  /** The scheduler main.ts starts once the app listens; without it the jobs are listed and none runs. */
  programador?: Programador<AreaDeps> | undefined;
}

export const BODY_LIMIT = 1024 * 1024;

/** The whole server, without listening: main.ts listens, tests `inject`. */
export async function buildApp({ db, config, cambios, enEspera, programador = new Programador(db, config) }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // A URL the router cannot decode (bad %-escapes) or with an over-long parameter: in Spanish, in the envelope.
    frameworkErrors: (err, _request, reply) =>
      sendError(reply, err.statusCode === 414 ? 414 : 400, err.statusCode === 414 ? MENSAJES.direccionDemasiadoLarga : MENSAJES.solicitudInvalida),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  jsonBodies(app);

  // Order matters: these hooks run in this order on every request, before any route's own work.
  serverTiming(app);
  await securityHeaders(app, config);
  await corsPolicy(app, config.corsOrigins);
  await pressure(app, config.sobrecarga, enEspera);
  maintenance(app, config.maintenance);
  await xsrf(app);
  accessGuard(app, { db, idleMinutes: config.sessionIdleMinutes, cambios });
  const conAviso = await tablasConAviso(db);
  readCache(app, { cambios, conAviso });
  inputText(app);
  await openapi(app, VERSION);
  const web = await webApp(app, config);
  errors(app, web, {
    unicos: Object.fromEntries(AREAS.flatMap((area) => Object.entries(area.conflictos?.unicos ?? {}))),
    referencias: Object.fromEntries(AREAS.flatMap((area) => Object.entries(area.conflictos?.referencias ?? {}))),
  });

  // Every area, from the registry: its request hooks first, then its routes.
  const deps: AreaDeps = {
    db,
    config,
    store: diskStore(config.filesDir),
    maxBytes: config.uploadMaxBytes,
    auditoria: Object.fromEntries(AREAS.flatMap((area) => Object.entries(area.auditoria ?? {}))),
    vencimientos: AREAS.flatMap((area) => area.vencimientos ?? []),
    eventos: AREAS.flatMap((area) => area.eventos ?? []),
    busqueda: AREAS.flatMap((area) => area.busqueda ?? []),
    vivas: AREAS.flatMap((area) => area.vivas ?? []),
    cambios,
    conAviso,
    programador,
  };
  programador.definir(AREAS.flatMap((area) => area.tareas ?? []), deps);
  for (const area of AREAS) area.hooks?.(app, deps);
  await app.register(estadoRoutes);
  for (const area of AREAS) for (const routes of area.routes) await app.register(routes, deps);
  return app;
}

/** JSON as Fastify parses it (prototype-poisoning safe), except that an empty body is no body. */
function jsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    parse(request, text, done);
  });
}
