import './zod-es.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AREAS } from './areas/index.ts';
import type { Config } from './config.ts';
import type { AreaDeps } from './area.ts';
import { tablasConAviso, type Cambios } from './db/cambios.ts';
import type { Db } from './db/client.ts';
import { Programador } from './jobs/programador.ts';
import { migracionesAlDia } from './db/migrate.ts';
import { MENSAJES } from './messages.ts';
import { accessGuard } from './plugins/access.ts';
import { readCache } from './plugins/cache.ts';
import { compresion } from './plugins/compresion.ts';
import { corsPolicy } from './plugins/cors.ts';
import { errors, sendError } from './plugins/errors.ts';
import { estadoRoutes, VERSION } from './plugins/estado.ts';
import { inputText } from './plugins/input.ts';
import { maintenance } from './plugins/maintenance.ts';
import { openapi } from './plugins/openapi.ts';
import { idDeSolicitud, operacion, operacionRoutes, type Preparacion } from './plugins/operacion.ts';
import { pressure } from './plugins/pressure.ts';
import { securityHeaders } from './plugins/security.ts';
import { limiteDeLecturas } from './plugins/lecturas.ts';
import { serverTiming } from './plugins/timing.ts';
import { webApp } from './plugins/web.ts';
import { xsrf } from './plugins/xsrf.ts';
import { respaldoRoutes } from './respaldo/ruta.ts';
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
  /** True from SIGTERM on (main.ts): `GET /readyz` answers 503 while the process finishes what it has. */
  drenando?: (() => boolean) | undefined;
}

export const BODY_LIMIT = 1024 * 1024;

/** The whole server, without listening: main.ts listens, tests `inject`. */
export async function buildApp({
  db,
  config,
  cambios,
  enEspera,
  programador = new Programador(db, config),
  drenando = () => false,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON lines, each with the request's id (reqId), which the answer carries back as X-Request-Id.
    logger: { level: config.logLevel },
    genReqId: idDeSolicitud,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Fastify gives each plugin 10 s of wall time to load. On a machine kept busy by other processes the start's
    // synchronous work (the routes' schemas, the database opening) held the event loop past it while the API docs'
    // plugin waited on a file, and a ready server refused to start. A start that hangs is bounded by whoever starts
    // the process (systemd's TimeoutStartSec, the tests' 120 s).
    pluginTimeout: 120_000,
    // A URL the router cannot decode (bad %-escapes) or with an over-long parameter: in Spanish, in the envelope.
    frameworkErrors: (err, _request, reply) =>
      sendError(
        reply,
        err.statusCode === 414 ? 414 : 400,
        err.statusCode === 414 ? MENSAJES.direccionDemasiadoLarga : MENSAJES.solicitudInvalida,
      ),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  jsonBodies(app);

  // Order matters: these hooks run in this order on every request, before any route's own work.
  serverTiming(app);
  operacion(app);
  await compresion(app);
  await securityHeaders(app, config);
  await corsPolicy(app, config.corsOrigins);
  await pressure(app, config.sobrecarga, enEspera);
  maintenance(app, config.maintenance);
  await xsrf(app);
  accessGuard(app, { db, idleMinutes: config.sessionIdleMinutes, cambios });
  const conAviso = await tablasConAviso(db);
  readCache(app, { cambios, conAviso });
  inputText(app);
  await openapi(app, VERSION, Object.fromEntries(AREAS.flatMap((area) => Object.entries(area.documentacion ?? {}))));
  const web = await webApp(app, config);
  const conflictos = {
    unicos: Object.fromEntries(AREAS.flatMap((area) => Object.entries(area.conflictos?.unicos ?? {}))),
    referencias: Object.fromEntries(AREAS.flatMap((area) => Object.entries(area.conflictos?.referencias ?? {}))),
  };
  errors(app, web, conflictos);

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
    conflictos,
    vivas: AREAS.flatMap((area) => area.vivas ?? []),
    cambios,
    conAviso,
    programador,
    lecturas: await limiteDeLecturas(app, config.lecturasPorMinuto),
  };
  programador.definir(
    AREAS.flatMap((area) => area.tareas ?? []),
    deps,
  );
  for (const area of AREAS) area.hooks?.(app, deps);
  await app.register(estadoRoutes, { db });
  await app.register(operacionRoutes, {
    preparacion: preparacion(db, cambios, drenando),
    metricsToken: config.metricsToken,
  });
  await app.register(respaldoRoutes, {
    db,
    filesDir: config.filesDir,
    metricsToken: config.metricsToken,
    secretos: config,
  });
  for (const area of AREAS) for (const routes of area.routes) await app.register(routes, deps);
  return app;
}

/** What `GET /readyz` checks: the database answers with this build's migrations, the change feed is up. */
function preparacion(db: Db, cambios: Cambios | undefined, drenando: () => boolean): Preparacion {
  return {
    baseDeDatos: async () => {
      try {
        // A database that does not answer within 2 s is as good as down for a proxy deciding where to send calls.
        const plazo = new Promise<never>((_, rechazar) => setTimeout(() => rechazar(new Error('plazo')), 2000).unref());
        return (await Promise.race([migracionesAlDia(db), plazo])) ? null : MENSAJES.migracionesPendientes;
      } catch {
        return MENSAJES.baseNoResponde;
      }
    },
    avisos: () => (cambios && !cambios.vivo ? MENSAJES.avisosCaidos : null),
    drenando,
  };
}

/** JSON as Fastify parses it (prototype-poisoning safe), except that an empty body is no body. */
function jsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    void parse(request, text, done);
  });
}
