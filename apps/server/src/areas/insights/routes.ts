import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { AuditEntities } from '../../db/audit.ts';
import type { Conflictos } from '../../db/conflicts.ts';
import type { FileDeps } from '../../storage/archivos.ts';
import { ENTIDAD_COMENTARIO } from './comentarios.ts';
import { CacheProyectos, intakeRoutes } from './intake/routes.ts';
import { ENTIDAD_ISSUE } from './issues.ts';
import { proyectosLote } from './lote.ts';
import { ENTIDAD_PROYECTO } from './proyectos.ts';
import { adjuntosLogsRoutes } from './adjuntos/routes-adjuntos-logs.ts';
import { comentariosRoutes } from './routes-comentarios.ts';
import { monitoresRoutes } from './monitores/routes-monitores.ts';
import { issuesRoutes } from './routes-issues.ts';
import { proyectosRoutes } from './routes-proyectos.ts';
import { saludRoutes } from './salud/routes-salud.ts';
import { rendimientoRoutes } from './rendimiento/routes-rendimiento.ts';
import { sentryApiRoutes } from './sourcemaps/routes-sentry.ts';
import { simbolizador } from './sourcemaps/simbolizar.ts';

export const insightsAuditoria: AuditEntities = {
  [ENTIDAD_PROYECTO]: 'SER#VER',
  [ENTIDAD_ISSUE]: 'SER#VER',
  [ENTIDAD_COMENTARIO]: 'SER#VER',
};

export interface InsightsOpciones extends FileDeps {
  config: Config;
  /** Every area's database rules, for the bulk actions' per-row refusals. */
  conflictos?: Conflictos | undefined;
}

/** The Monitor de errores: the Sentry intake (its own encapsulated plugin), the projects, the triage and comments. */
export const insightsRoutes: FastifyPluginAsyncZod<InsightsOpciones> = async (
  app,
  { db, config, store, maxBytes, conflictos },
) => {
  const cache = new CacheProyectos();
  // One per process: the intake (an event that creates an issue) and the issue detail share its parsed maps.
  const mapas = simbolizador(db, store);
  await app.register(intakeRoutes, {
    db,
    cache,
    // One batch in flight per process, and a second only once 16 events wait: while one is written the next
    // gathers, so batches grow with the load and each statement carries many events (with four in flight at
    // 50 connections batches averaged 5.5 events and cost 0.2 ms more CPU per event); the second keeps both
    // cores busy when a batch is slow. Measured in bench/intake.ts.
    escritura: { maxPendientes: 5000, maxLote: 500, paralelo: 2, loteParaOtro: 16 },
    simbolizador: mapas,
    store,
  });
  await app.register(proyectosRoutes, { db, config, cache });
  await app.register(proyectosLote(cache), { db, conflictos });
  await app.register(issuesRoutes, { db, config, simbolizador: mapas });
  await app.register(comentariosRoutes, { db });
  await app.register(adjuntosLogsRoutes, { db, store });
  await app.register(saludRoutes, { db });
  await app.register(monitoresRoutes, { db });
  await app.register(rendimientoRoutes, { db });
  await app.register(sentryApiRoutes, { db, config, store, maxBytes, cache });
};
