import multipart from '@fastify/multipart';
import { SENTRY_ORG } from '@intranet/contract/areas/insights';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { FileDeps } from '../../../storage/archivos.ts';
import type { CacheProyectos } from '../intake/routes.ts';
import { eliminarRelease, releasesDe } from '../releases.ts';
import { autorDe } from '../../../db/audit.ts';
import { sessionOf } from '../../../plugins/access.ts';
import { origenDe } from '../routes-common.ts';
import {
  crearRelease,
  deploysDe,
  finalizarRelease,
  proyectosDeRelease,
  registrarDeploy,
  releaseInfo,
  releaseSentry,
} from './releases.ts';
import {
  BundleInvalido,
  chunksFaltantes,
  ensamblarBundle,
  guardarChunk,
  proyectosPorSlug,
  SHA1,
  sinElBundle,
} from './bundles.ts';

// The part of Sentry's web API that `sentry-cli` (sourcemaps upload, releases new/finalize/list/info/delete, deploys
// new/list) calls,
// answered as Sentry documents it: JSON in camelCase, errors as `{"detail": …}`. Auth: a portal API token (Bearer)
// with INSIGHTS#EDITAR to write, and it or SER#VER to read, checked by the access guard like every other route.

const EDITAR = { access: 'INSIGHTS#EDITAR' } as const;
/** Reading releases: whoever sees the monitor, or a token that may write them (a CI job lists what it uploaded). */
const VER = { access: ['SER#VER', 'INSIGHTS#EDITAR'] } as const;
const tags = ['insights'];
/** Chunks of 8 MiB, 64 per request, as Sentry's defaults; one request at a time keeps a small server calm. */
const CHUNK_SIZE = 8 * 1024 * 1024;
const CHUNKS_POR_PEDIDO = 64;

const orgParams = z.object({ org: z.string() });
const proyectoParams = z.object({ org: z.string(), project: z.string().min(1).max(100) });
const versionParams = z.object({ version: z.string().min(1).max(200) });
const assembleBody = z.object({
  checksum: z.string().regex(SHA1),
  chunks: z.array(z.string().regex(SHA1)).max(10_000),
  projects: z.array(z.string()).max(100).default([]),
  version: z.string().min(1).max(200).optional(),
  dist: z.string().min(1).max(100).optional(),
});
const releaseBody = z.object({
  version: z.string().min(1).max(200),
  projects: z.array(z.string()).max(100).default([]),
  dateReleased: z.string().nullable().optional(),
});
/** A date as Sentry's clients send it (ISO 8601), read as one. */
const fechaSentry = z
  .string()
  .max(64)
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Fecha inválida')
  .transform((v) => new Date(v));
const deployBody = z.object({
  environment: z.string().trim().min(1).max(64),
  name: z.string().max(200).nullable().optional(),
  url: z.string().max(2000).nullable().optional(),
  dateStarted: fechaSentry.nullable().optional(),
  dateFinished: fechaSentry.nullable().optional(),
  projects: z.array(z.string()).max(100).optional(),
});
const releaseUpdate = z.object({
  projects: z.array(z.string()).max(100).optional(),
  dateReleased: z.string().nullable().optional(),
});

/** A Sentry-shaped error answer (`detail`), which the CLI prints. */
class SentryError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

function organizacion(request: FastifyRequest): void {
  const { org } = validado(orgParams, request.params);
  if (org !== SENTRY_ORG) throw new SentryError(404, `La organización es "${SENTRY_ORG}" (SENTRY_ORG), no "${org}"`);
}

function validado<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success)
    throw new SentryError(
      400,
      `Datos inválidos: ${r.error.issues.map((i) => `${i.path.join('.') || 'cuerpo'}: ${i.message}`).join('; ')}`,
    );
  return r.data;
}

export async function sentryApiRoutes(
  app: FastifyInstance,
  opts: FileDeps & { config: Config; cache: CacheProyectos },
): Promise<void> {
  const { db, config } = opts;
  await app.register(multipart, { limits: { fileSize: CHUNK_SIZE, files: CHUNKS_POR_PEDIDO, fields: 10 } });

  // Every answer of this subtree, the guard's 401/403 included, carries Sentry's `detail` beside the portal's `error`.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    try {
      const body = JSON.parse(payload) as Record<string, unknown>;
      if (typeof body.error === 'string' && body.detail === undefined)
        return JSON.stringify({ detail: body.error, ...body });
    } catch {
      // not JSON: as it was
    }
    return payload;
  });
  app.setErrorHandler((err, request, reply) => {
    if (err instanceof SentryError || err instanceof BundleInvalido) {
      const status = err instanceof SentryError ? err.statusCode : 400;
      return reply.code(status).send({ detail: err.message, error: err.message, datos: null });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    const message = err instanceof Error ? err.message : 'Solicitud inválida';
    if (status >= 400 && status < 500) return reply.code(status).send({ detail: message, error: message, datos: null });
    request.log.error({ err }, 'insights: API de sentry-cli');
    return reply
      .code(500)
      .send({ detail: 'Error interno del monitor', error: 'Error interno del monitor', datos: null });
  });

  const base = (request: FastifyRequest) => {
    const origen = origenDe(config, request);
    return (typeof origen === 'string' ? origen : `${origen.protocol}://${origen.host}`).replace(/\/+$/, '');
  };

  app.get(
    '/api/0/organizations/:org/chunk-upload/',
    { config: EDITAR, schema: { tags, summary: 'sentry-cli: opciones de subida por chunks' } },
    async (request) => {
      organizacion(request);
      return {
        url: `${base(request)}/api/0/organizations/${SENTRY_ORG}/chunk-upload/`,
        chunkSize: CHUNK_SIZE,
        chunksPerRequest: CHUNKS_POR_PEDIDO,
        maxFileSize: opts.maxBytes,
        maxRequestSize: CHUNK_SIZE * 4,
        concurrency: 1,
        hashAlgorithm: 'sha1',
        compression: ['gzip'],
        accept: ['artifact_bundles', 'artifact_bundles_v2'],
      };
    },
  );

  app.post(
    '/api/0/organizations/:org/chunk-upload/',
    { config: EDITAR, schema: { tags, summary: 'sentry-cli: subida de chunks (multipart file_gzip)' } },
    async (request, reply) => {
      organizacion(request);
      if (!request.isMultipart()) throw new SentryError(400, 'Se esperaba multipart/form-data con los chunks');
      let n = 0;
      for await (const part of request.files()) {
        if (part.fieldname !== 'file' && part.fieldname !== 'file_gzip') {
          part.file.resume();
          continue;
        }
        await guardarChunk(opts, part.filename, part.file, part.fieldname === 'file_gzip');
        if (part.file.truncated) throw new SentryError(400, 'El chunk supera el tamaño máximo');
        n += 1;
      }
      return reply.code(200).send({ chunks: n });
    },
  );

  app.post(
    '/api/0/organizations/:org/artifactbundle/assemble/',
    { config: EDITAR, schema: { tags, summary: 'sentry-cli: armar un artifact bundle de sus chunks' } },
    async (request) => {
      organizacion(request);
      const pedido = validado(assembleBody, request.body);
      const proyectos = await proyectosPorSlug(db, pedido.projects);
      // Known already (its chunks are gone once assembled): nothing to send again.
      if ((await sinElBundle(db, proyectos, pedido.checksum)).length === 0)
        return { state: 'ok', missingChunks: [], detail: null };
      const faltan = await chunksFaltantes(db, pedido.chunks);
      if (faltan.length > 0) return { state: 'not_found', missingChunks: faltan, detail: null };
      try {
        await ensamblarBundle(opts, {
          checksum: pedido.checksum,
          chunks: pedido.chunks,
          proyectos,
          release: pedido.version ?? null,
          dist: pedido.dist ?? null,
        });
      } catch (err) {
        if (err instanceof BundleInvalido) return { state: 'error', missingChunks: [], detail: err.message };
        throw err;
      }
      // This process's intake groups the projects' next new issues by their maps at once (others within seconds).
      for (const p of proyectos) opts.cache.olvidar(p.id);
      return { state: 'ok', missingChunks: [], detail: null };
    },
  );

  app.post(
    '/api/0/organizations/:org/releases/',
    { config: EDITAR, schema: { tags, summary: 'sentry-cli: crear una release (releases new)' } },
    async (request, reply) => {
      organizacion(request);
      const b = validado(releaseBody, request.body);
      const proyectos = await proyectosPorSlug(db, b.projects);
      await crearRelease(db, proyectos, b.version, b.dateReleased ? new Date(b.dateReleased) : null);
      return reply.code(201).send(await releaseInfo(db, b.version, proyectos));
    },
  );

  /** The project a project-scoped path names, or Sentry's 404. */
  const proyectoDe = async (request: FastifyRequest) => {
    organizacion(request);
    const { project } = validado(proyectoParams, request.params);
    const [p] = await proyectosPorSlug(db, [project]).catch(() => []);
    if (!p) throw new SentryError(404, `El proyecto no existe: ${project}`);
    return p;
  };

  app.get(
    '/api/0/projects/:org/:project/releases/',
    { config: VER, schema: { tags, summary: 'sentry-cli: las releases de un proyecto (releases list)' } },
    async (request) => {
      const p = await proyectoDe(request);
      return (await releasesDe(db, p.id)).flatMap((r) =>
        r.version === null ? [] : [releaseSentry(r.version, r, [p])],
      );
    },
  );

  app.get(
    '/api/0/projects/:org/:project/releases/:version/',
    { config: VER, schema: { tags, summary: 'sentry-cli: una release de un proyecto (releases info)' } },
    async (request) => {
      const p = await proyectoDe(request);
      const { version } = validado(versionParams, request.params);
      const r = (await releasesDe(db, p.id)).find((x) => x.version === version);
      if (!r) throw new SentryError(404, `La release ${version} no existe`);
      return releaseSentry(version, r, [p]);
    },
  );

  app.get(
    '/api/0/organizations/:org/releases/:version/',
    { config: VER, schema: { tags, summary: 'sentry-cli: una release (releases info)' } },
    async (request) => {
      organizacion(request);
      const { version } = validado(versionParams, request.params);
      const proyectos = await proyectosDeRelease(db, version);
      const [primero] = proyectos;
      const r = primero ? (await releasesDe(db, primero.id)).find((x) => x.version === version) : undefined;
      if (!r) throw new SentryError(404, `La release ${version} no existe`);
      return releaseSentry(version, r, proyectos);
    },
  );

  app.put(
    '/api/0/organizations/:org/releases/:version/',
    { config: EDITAR, schema: { tags, summary: 'sentry-cli: modificar una release (releases finalize)' } },
    async (request) => {
      organizacion(request);
      const { version } = validado(versionParams, request.params);
      const b = validado(releaseUpdate, request.body);
      const proyectos = b.projects ? await proyectosPorSlug(db, b.projects) : await proyectosDeRelease(db, version);
      if (proyectos.length === 0) throw new SentryError(404, `La release ${version} no existe`);
      if (b.dateReleased !== undefined) {
        await finalizarRelease(db, proyectos, version, b.dateReleased ? new Date(b.dateReleased) : null);
      }
      return releaseInfo(db, version, proyectos);
    },
  );

  /** The projects holding a release, or Sentry's 404. */
  const conRelease = async (request: FastifyRequest) => {
    organizacion(request);
    const { version } = validado(versionParams, request.params);
    const proyectos = await proyectosDeRelease(db, version);
    if (proyectos.length === 0) throw new SentryError(404, `La release ${version} no existe`);
    return { version, proyectos };
  };

  app.delete(
    '/api/0/organizations/:org/releases/:version/',
    {
      config: EDITAR,
      schema: { tags, summary: 'sentry-cli: eliminar una release (releases delete); sus eventos quedan' },
    },
    async (request, reply) => {
      const { version, proyectos } = await conRelease(request);
      const autor = autorDe(sessionOf(request));
      for (const p of proyectos) {
        await eliminarRelease(db, p.id, version, autor);
        opts.cache.olvidar(p.id);
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/0/organizations/:org/releases/:version/deploys/',
    { config: EDITAR, schema: { tags, summary: 'sentry-cli: registrar un deploy de una release (deploys new)' } },
    async (request, reply) => {
      const { version, proyectos } = await conRelease(request);
      const b = validado(deployBody, request.body);
      const elegidos = b.projects?.length ? proyectos.filter((p) => b.projects?.includes(p.slug)) : proyectos;
      if (elegidos.length === 0) throw new SentryError(404, `La release ${version} no está en esos proyectos`);
      const sesion = sessionOf(request);
      const autor = sesion.token ? `Token «${sesion.token.nombre}»` : sesion.usuario.nombre;
      return reply.code(201).send(await registrarDeploy(db, elegidos, version, b, autor));
    },
  );

  app.get(
    '/api/0/organizations/:org/releases/:version/deploys/',
    { config: VER, schema: { tags, summary: 'sentry-cli: los deploys de una release (deploys list)' } },
    async (request) => {
      const { version, proyectos } = await conRelease(request);
      return deploysDe(db, proyectos, version);
    },
  );
}
