import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PASSWORDS, TEST_SECRETS_KEY } from './passwords.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated and seeded PGlite data folder, built once per run (see harness.ts). */
    pgliteTemplate: string | undefined;
  }
}

/** Migrating and seeding PGlite costs ~4 s; doing it once per run, not once per file, keeps the suite quick. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', undefined);
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { wrapPglite } = await import('../db/client.ts');
  const { migrate } = await import('../db/migrate.ts');
  const { seed } = await import('../db/seed.ts');
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const { db } = await wrapPglite(client);
  await migrate(db);
  await seed(db, { adminPassword: PASSWORDS.admin, demoPassword: PASSWORDS.demo, secretsKey: Buffer.from(TEST_SECRETS_KEY, 'base64') });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = join(tmpdir(), `intranet-server-template-${process.pid}-${Date.now()}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
