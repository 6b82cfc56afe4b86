import './zod-es.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { archivosAuditoria, archivosRoutes } from './areas/archivos/routes.ts';
import { aplicacionesAuditoria, aplicacionesRoutes } from './areas/aplicaciones/routes.ts';
import { appsstoreAuditoria, appsstoreRoutes } from './areas/appsstore/routes.ts';
import { desarrollosAuditoria, desarrollosRoutes } from './areas/desarrollos/routes.ts';
import { reportesAuditoria, reportesRoutes } from './areas/reportes/routes.ts';
import { sitiosAuditoria, sitiosRoutes } from './areas/sitios/routes.ts';
import { actualizacionesAuditoria, actualizacionesRoutes } from './areas/actualizaciones/routes.ts';
import { auditoriaRoutes } from './areas/auditoria/routes.ts';
import { clientesAuditoria, clientesRoutes } from './areas/clientes/routes.ts';
import { authRoutes } from './areas/auth/routes.ts';
import { dnsAuditoria, dnsRoutes } from './areas/dns/routes.ts';
import { estadoRoutes, VERSION } from './areas/estado/routes.ts';
import { reportarErroresPropios } from './areas/insights/propio.ts';
import { insightsAuditoria, insightsRoutes } from './areas/insights/routes.ts';
import { maquinasAuditoria, maquinasRoutes } from './areas/maquinas/routes.ts';
import { paquetesAuditoria, paquetesRoutes } from './areas/paquetes/routes.ts';
import { personasAuditoria, personasRoutes } from './areas/personas/routes.ts';
import { productosAuditoria, productosRoutes } from './areas/productos/routes.ts';
import { rolesAuditoria, rolesRoutes } from './areas/roles/routes.ts';
import { servidoresAuditoria, servidoresRoutes } from './areas/servidores/routes.ts';
import { usuariosAuditoria, usuariosRoutes } from './areas/usuarios/routes.ts';
import { versionesAuditoria, versionesRoutes } from './areas/versiones/routes.ts';
import { vencimientosAuditoria, vencimientosRoutes } from './areas/vencimientos/routes.ts';
import type { Config } from './config.ts';
import { tablasConAviso, type Cambios } from './db/cambios.ts';
import type { Db } from './db/client.ts';
import { MENSAJES } from './messages.ts';
import { accessGuard } from './plugins/access.ts';
import { readCache } from './plugins/cache.ts';
import { corsPolicy } from './plugins/cors.ts';
import { errors, sendError } from './plugins/errors.ts';
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
}

export const BODY_LIMIT = 1024 * 1024;

/** The whole server, without listening: main.ts listens, tests `inject`. */
export async function buildApp({ db, config, cambios, enEspera }: AppDeps): Promise<FastifyInstance> {
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
  readCache(app, { cambios, conAviso: await tablasConAviso(db) });
  inputText(app);
  await openapi(app, VERSION);
  const web = await webApp(app, config);
  errors(app, web);
  reportarErroresPropios(app, { db, config });

  await app.register(estadoRoutes);
  await app.register(authRoutes, { db, config });
  await app.register(servidoresRoutes, { db });
  await app.register(dnsRoutes, { db });
  await app.register(productosRoutes, { db });
  await app.register(personasRoutes, { db });
  await app.register(usuariosRoutes, { db });
  await app.register(rolesRoutes, { db });
  await app.register(maquinasRoutes, { db });
  await app.register(clientesRoutes, { db, config });
  await app.register(vencimientosRoutes, { db });
  await app.register(actualizacionesRoutes, { db });
  await app.register(auditoriaRoutes, { db, entidades: { ...servidoresAuditoria, ...dnsAuditoria, ...productosAuditoria, ...personasAuditoria, ...usuariosAuditoria, ...rolesAuditoria, ...maquinasAuditoria, ...archivosAuditoria, ...paquetesAuditoria, ...versionesAuditoria, ...insightsAuditoria, ...clientesAuditoria, ...vencimientosAuditoria, ...actualizacionesAuditoria, ...aplicacionesAuditoria, ...appsstoreAuditoria, ...sitiosAuditoria, ...reportesAuditoria, ...desarrollosAuditoria } });
  const files = { db, store: diskStore(config.filesDir), maxBytes: config.uploadMaxBytes };
  await app.register(archivosRoutes, files);
  await app.register(paquetesRoutes, files);
  await app.register(versionesRoutes, files);
  await app.register(aplicacionesRoutes, files);
  await app.register(appsstoreRoutes, { ...files, config });
  await app.register(sitiosRoutes, { db });
  await app.register(reportesRoutes, { db });
  await app.register(desarrollosRoutes, { db });
  await app.register(insightsRoutes, { db, config });
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
