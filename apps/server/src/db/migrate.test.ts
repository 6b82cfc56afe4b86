import { mkdtempSync, rmSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths.ts';
import { seed } from '../seed.ts';
import { freshApp, useTemplate } from '../test/harness.ts';
import { migrate, MigrationError } from './migrate.ts';
import { usuarios } from './schema.ts';

const ctx = freshApp(useTemplate());

describe('migrations and seed', () => {
  it('applies nothing twice, and seeds nothing on a second start', async () => {
    expect(await migrate(ctx.t.db)).toBe(0);
    const before = await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(usuarios);
    expect(await seed(ctx.t.db, {})).toEqual({ seeded: false, generated: {} });
    expect(await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(usuarios)).toEqual(before);
  });

  it('stops with a clear message and changes nothing when a migration fails', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'intranet-migr-'));
    try {
      // The committed migrations plus a broken one after them.
      mkdirSync(join(folder, 'meta'));
      const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
      for (const e of journal.entries)
        writeFileSync(join(folder, `${e.tag}.sql`), readFileSync(join(MIGRATIONS_DIR, `${e.tag}.sql`)));
      const last = journal.entries[journal.entries.length - 1];
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_rota' });
      writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(journal));
      writeFileSync(
        join(folder, '9999_rota.sql'),
        'CREATE TABLE "nueva" ("id" integer);\n--> statement-breakpoint\nSELECT * FROM "no_existe";',
      );

      const failure = await migrate(ctx.t.db, folder).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(MigrationError);
      expect(String((failure as Error).message)).toMatch(
        /^No se pudo migrar la base de datos \(migración 9999_rota\): .*no_existe.* No se aplicó ningún cambio/,
      );
      const exists = await ctx.t.db.execute<{ t: string | null }>(sql`select to_regclass('public.nueva')::text as t`);
      expect(exists.rows[0]?.t).toBeNull();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
