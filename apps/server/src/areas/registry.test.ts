import { readdirSync } from 'node:fs';
import { AREAS as CONTRATO } from '@intranet/contract/registry';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshApp, useTemplate } from '../test/harness.ts';
import { AREAS } from './index.ts';

const here = new URL('.', import.meta.url).pathname;
const folders = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The names declared by every area in one of its descriptor's maps, with the area that declares each. */
const declared = (pick: (area: (typeof AREAS)[number]) => object | undefined) =>
  AREAS.flatMap((area) => Object.keys(pick(area) ?? {}).map((name) => ({ name, area: area.name })));

describe('the server areas registry', () => {
  it('lists every area folder once, under its folder name', () => {
    expect(AREAS.map((area) => area.name).sort()).toEqual([...folders].sort());
  });

  it("lists the same areas as the contract's registry", () => {
    expect(AREAS.map((area) => area.name).sort()).toEqual(CONTRATO.map((area) => area.nombre).sort());
  });

  it('has each history entity and each constraint message declared by one area only', () => {
    for (const names of [
      declared((area) => area.auditoria),
      declared((area) => area.conflictos?.unicos),
      declared((area) => area.conflictos?.referencias),
    ]) {
      const twice = names.filter((n, i) => names.findIndex((m) => m.name === n.name) !== i);
      expect(twice).toEqual([]);
    }
  });

  describe('on the migrated database', () => {
    const ctx = freshApp(useTemplate());

    it('names only constraints the schema has, each foreign key on the table its message says', async () => {
      const { rows } = await ctx.t.db.execute<{ nombre: string; tabla: string }>(sql`
        select conname as nombre, conrelid::regclass::text as tabla from pg_constraint where contype in ('f', 'u')
        union all
        select indexname, tablename from pg_indexes where schemaname = current_schema()`);
      const tablaDe = new Map(rows.map((row) => [row.nombre, row.tabla]));
      for (const { name, area } of declared((a) => a.conflictos?.unicos)) {
        expect(tablaDe.has(name), `${area}: ${name}`).toBe(true);
      }
      for (const area of AREAS) {
        for (const [name, regla] of Object.entries(area.conflictos?.referencias ?? {})) {
          expect(tablaDe.get(name), `${area.name}: ${name}`).toBe(regla.tabla);
        }
      }
    });
  });
});
