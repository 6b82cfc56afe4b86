import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { escucharCambios, type Cambios } from '../db/cambios.ts';
import { openDatabase, openPostgres, type Database, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../seed.ts';
import type { AreaDeps } from '../area.ts';
import { Programador, type OpcionesProgramador } from '../jobs/programador.ts';

import { PASSWORDS, TEST_SECRETS_KEY } from './passwords.ts';
import { carpetaDePlantillas, copiarPortal } from './plantilla-pglite.ts';

export { PASSWORDS };
export { createUser } from './usuarios.ts';

/** A running app on its own database, made from the file's template. Always close() it. */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The change feed, when the clone was asked for one (`{ cambios: true }`): caches on, as in main.ts. */
  cambios: Cambios | undefined;
  /** The scheduler (started when the clone was asked for it: `{ programador: true }`). */
  programador: Programador<AreaDeps>;
  /** The clone's database, for what brings its own SQL (a second scheduler on it). */
  database: Database;
  close(): Promise<void>;
}

export interface CloneOptions {
  /** Listen to the database's changes, so sessions and cacheable reads are kept in memory as in production. */
  cambios?: boolean;
  /** Start the scheduled jobs' queue, as main.ts does (polling every half second). */
  programador?: boolean | OpcionesProgramador;
  /** Whether the process is draining (SIGTERM), as main.ts tells the app. */
  drenando?: () => boolean;
}

export interface Template {
  /** 'pglite', or 'postgres' when TEST_DATABASE_URL is set. */
  kind: Database['kind'];
  clone(config?: Partial<Config>, opts?: CloneOptions): Promise<TestApp>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      DATA_DIR: '/nonexistent/intranet-test',
      WEB_DIST: '/nonexistent/intranet-web',
      SECRETS_KEY: TEST_SECRETS_KEY,
    }),
    logLevel: 'silent',
    // A busy test machine (PGlite's queries block the loop) must not turn calls away; plugins/pressure.test.ts
    // tests it.
    sobrecarga: { maxEnCurso: 0, maxEnEspera: 0, maxDemoraMs: 0, maxHeapBytes: 0 },
    subidaMaxFueraDelHeapBytes: 0,
    // A test file uploads many files as one person within a minute; plugins/lecturas.test.ts tests the limit.
    lecturasPorMinuto: 0,
    adminPassword: PASSWORDS.admin,
    demoPassword: PASSWORDS.demo,
    ...overrides,
  };
}

async function startApp(
  database: Database,
  overrides: Partial<Config>,
  opts: CloneOptions,
  dropDatabase?: () => Promise<void>,
): Promise<TestApp> {
  const config = testConfig(overrides);
  const feed = opts.cambios ? await escucharCambios(database) : undefined;
  const programador = new Programador<AreaDeps>(database.db, config);
  const app = await buildApp({ db: database.db, config, cambios: feed?.cambios, programador, drenando: opts.drenando });
  await app.ready();
  if (opts.programador) {
    await programador.iniciar(database.sql, {
      sondeoSegundos: 0.5,
      ...(opts.programador === true ? {} : opts.programador),
    });
  }
  return {
    app,
    db: database.db,
    config,
    cambios: feed?.cambios,
    programador,
    database,
    close: async () => {
      await programador.detener(1000);
      await app.close();
      await feed?.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}

/**
 * One migrated and seeded database per test file, cloned per test or suite (migrating and seeding is slow, copying a
 * closed PGlite folder is not). With TEST_DATABASE_URL the same happens on a real PostgreSQL server: a template
 * database per file copied from the run's, `CREATE DATABASE ... TEMPLATE` per clone, all dropped afterwards.
 */
export async function createTemplate(opts: { pglite?: boolean } = {}): Promise<Template> {
  const url = process.env.TEST_DATABASE_URL;
  // `pglite`: an embedded portal on either pass (the PostgreSQL one migrates and seeds it, ~4 s).
  return url && !opts.pglite ? postgresTemplate(url) : pgliteTemplate();
}

async function pgliteTemplate(): Promise<Template> {
  // The run's global setup leaves a migrated, seeded and closed portal folder; without one (a file run on the
  // PostgreSQL pass that asks for PGlite too), this template makes its own.
  let propia: string | undefined;
  let plantilla = inject('pgliteTemplate');
  if (plantilla === undefined) {
    propia = await mkdtemp(join(carpetaDePlantillas(), 'intranet-plantilla-'));
    plantilla = propia;
  }
  if (propia) {
    const database = await openDatabase({ dataDir: propia });
    await migrate(database.db);
    await seed(database.db, {
      adminPassword: PASSWORDS.admin,
      demoPassword: PASSWORDS.demo,
      secretsKey: Buffer.from(TEST_SECRETS_KEY, 'base64'),
    });
    await database.close();
  }
  return {
    kind: 'pglite',
    // Each clone opens a copy of the folder, as the server opens its own (`DATA_DIR/db`).
    clone: async (overrides = {}, opts = {}) => {
      const copia = await copiarPortal(plantilla);
      try {
        return await startApp(await openDatabase({ dataDir: copia.dataDir }), overrides, opts, copia.quitar);
      } catch (err) {
        await copia.quitar();
        throw err;
      }
    },
    close: async () => {
      if (propia) await rm(propia, { recursive: true, force: true });
    },
  };
}

/** Dropping a test database ends its connections; their late goodbyes are expected. */
const ignore = () => undefined;
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function postgresTemplate(url: string): Promise<Template> {
  const { default: pg } = await import('pg');
  const admin = new pg.Pool({ connectionString: withDatabase(url, 'postgres'), max: 2 });
  const name = (prefix: string) => `intranet_${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const templateName = name('t');
  // The run's global setup leaves a migrated, seeded database: copying it is as quick as a clone.
  const run = inject('postgresTemplate');
  await admin.query(`create database ${quoteIdent(templateName)}${run ? ` template ${quoteIdent(run)}` : ''}`);
  if (!run) {
    const template = await openPostgres(withDatabase(url, templateName), ignore);
    try {
      await migrate(template.db);
      await seed(template.db, {
        adminPassword: PASSWORDS.admin,
        demoPassword: PASSWORDS.demo,
        secretsKey: Buffer.from(TEST_SECRETS_KEY, 'base64'),
      });
    } finally {
      await template.close(); // a template must have no connections to be copied
    }
  }
  const drop = (db: string) =>
    admin.query(`drop database if exists ${quoteIdent(db)} with (force)`).then(() => undefined);
  return {
    kind: 'postgres',
    clone: async (overrides = {}, opts = {}) => {
      const cloneName = name('c');
      await admin.query(`create database ${quoteIdent(cloneName)} template ${quoteIdent(templateName)}`);
      const cloneUrl = withDatabase(url, cloneName);
      // Its URL in the configuration, for a test that opens the clone from other processes too.
      return startApp(await openPostgres(cloneUrl, ignore), { databaseUrl: cloneUrl, ...overrides }, opts, () =>
        drop(cloneName),
      );
    },
    close: async () => {
      await drop(templateName);
      await admin.end();
    },
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

// ---- Fixtures: the set-up every file and suite repeats ----

/** The file's template as useTemplate hands it out: clone it in hooks and tests. */
export type TemplateFixture = Pick<Template, 'clone'>;

/** Opens the file's template before its tests and closes it after them; call it once, at the top of the file. */
export function useTemplate(): TemplateFixture {
  let template: Template | undefined;
  beforeAll(async () => {
    template = await createTemplate();
  });
  afterAll(async () => {
    await template?.close();
  });
  return {
    clone: (config, opts) => {
      if (!template)
        throw new Error('la plantilla de la prueba todavía no está abierta (usar dentro de un hook o de una prueba)');
      return template.clone(config, opts);
    },
  };
}

/** The seeded demo accounts and their passwords. */
const DEMO_USERS = { admin: PASSWORDS.admin, comercial: PASSWORDS.demo, tecnico: PASSWORDS.demo } as const;
export type DemoUser = keyof typeof DEMO_USERS;
type AuthHeaders = { authorization: string };

/** A suite's clone, its file store and the Bearer headers of the demo users it signed in, filled in by beforeAll. */
export type Fresh<U extends DemoUser = never> = { t: TestApp; filesDir: string } & Record<U, AuthHeaders>;

export interface FreshOptions<U extends DemoUser, X extends object> {
  /** Config overrides for the clone (`template.clone(config)`); a function when they are only known in beforeAll. */
  config?: Partial<Config> | (() => Partial<Config>);
  /** Clone options (`template.clone(config, clone)`). */
  clone?: CloneOptions;
  /** A temporary folder with this name prefix becomes the clone's filesDir, removed afterwards. */
  tmpFiles?: string;
  /** A new clone for each test (beforeEach/afterEach) instead of one for the block. */
  each?: boolean;
  /** More set-up once the users are signed in; what it answers is merged into the context. */
  // A set-up that adds nothing is an async function that returns nothing.
  // biome-ignore lint/suspicious/noConfusingVoidType: the reason is above
  setup?: (ctx: Fresh<U>) => Promise<X | void>;
}

/**
 * A fresh clone for the calling describe (or file, or each test), `users` signed in, closed afterwards even if set-up
 * failed; read it in tests.
 */
export function freshApp<U extends DemoUser = never, X extends object = object>(
  template: TemplateFixture,
  users: readonly U[] = [],
  opts: FreshOptions<U, X> = {},
): Fresh<U> & X {
  const ctx = {} as Fresh<U> & X;
  let t: TestApp | undefined;
  let tmp: string | undefined;
  const [before, after] = opts.each ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    t = undefined;
    tmp = undefined;
    if (opts.tmpFiles) tmp = await mkdtemp(join(tmpdir(), opts.tmpFiles));
    const config = typeof opts.config === 'function' ? opts.config() : opts.config;
    t = await template.clone({ ...config, ...(tmp ? { filesDir: tmp } : {}) }, opts.clone);
    const base: Fresh<never> = { t, filesDir: t.config.filesDir };
    Object.assign(ctx, base);
    for (const user of users) Object.assign(ctx, { [user]: await bearer(t.app, user, DEMO_USERS[user]) });
    if (opts.setup) Object.assign(ctx, await opts.setup(ctx));
  });
  after(async () => {
    await t?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });
  return ctx;
}

// ---- Helpers for the tests ----

export async function login(app: FastifyInstance, username: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth', payload: { username, password } });
}

/** Signs in and answers the Bearer header, failing the test if sign-in does not succeed. */
export async function bearer(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<{ authorization: string }> {
  const res = await login(app, username, password);
  const body = res.json<{ error: string | null; datos: { token: string } | null }>();
  if (!body.datos) throw new Error(`no se pudo ingresar como ${username}: ${body.error ?? res.statusCode}`);
  return { authorization: `Bearer ${body.datos.token}` };
}

/**
 * A clone of the template listening on a free loopback port, for a real client (a Sentry SDK, a CLI) to talk to,
 * with the demo administrator's token.
 */
export async function listening(template: TemplateFixture, config: Partial<Config> = {}, opts: CloneOptions = {}) {
  const t = await template.clone(config, opts);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, base: `127.0.0.1:${port}`, admin: await bearer(t.app, 'admin', PASSWORDS.admin) };
}

/** Asks `probe` again every 100 ms until it answers something: a real SDK sends on its own time. */
export async function until<T>(probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('no llegó a tiempo');
    await new Promise((r) => setTimeout(r, 100));
  }
}
