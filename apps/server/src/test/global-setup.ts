import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PASSWORDS, TEST_SECRETS_KEY } from './passwords.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder holding a migrated and seeded PGlite database (`db/`), built once per run (see harness.ts). */
    pgliteTemplate: string | undefined;
    /** With TEST_DATABASE_URL: a migrated and seeded database of the run, each file's template is copied from it. */
    postgresTemplate: string | undefined;
  }
}

/** Migrating and seeding PGlite costs ~8 s of CPU; doing it once per run, not once per file, keeps the suite quick. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide('pgliteTemplate', undefined);
    return postgresRunTemplate(project, url);
  }
  project.provide('postgresTemplate', undefined);
  const { openDatabase } = await import('../db/client.ts');
  const { migrate } = await import('../db/migrate.ts');
  const { seed } = await import('../seed.ts');
  const { carpetaDePlantillas } = await import('./plantilla-pglite.ts');
  const dataDir = mkdtempSync(join(carpetaDePlantillas(), 'intranet-server-template-'));
  const database = await openDatabase({ dataDir });
  await migrate(database.db);
  await seed(database.db, {
    adminPassword: PASSWORDS.admin,
    demoPassword: PASSWORDS.demo,
    secretsKey: Buffer.from(TEST_SECRETS_KEY, 'base64'),
  });
  await database.close(); // shut down cleanly: each copy starts without recovery
  project.provide('pgliteTemplate', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}

/** Migrating and seeding PostgreSQL once per run too: each file copies this database (CREATE DATABASE ... TEMPLATE). */
async function postgresRunTemplate(project: TestProject, url: string) {
  const { default: pg } = await import('pg');
  const { openPostgres } = await import('../db/client.ts');
  const { migrate } = await import('../db/migrate.ts');
  const { seed } = await import('../seed.ts');
  const at = (database: string) => Object.assign(new URL(url), { pathname: `/${database}` }).toString();
  const name = `intranet_run_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: at('postgres') });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const database = await openPostgres(at(name), () => undefined);
  try {
    await migrate(database.db);
    await seed(database.db, {
      adminPassword: PASSWORDS.admin,
      demoPassword: PASSWORDS.demo,
      secretsKey: Buffer.from(TEST_SECRETS_KEY, 'base64'),
    });
  } finally {
    await database.close(); // a template must have no connections to be copied
  }
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}
