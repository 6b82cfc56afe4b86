import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshApp, useTemplate } from '../test/harness.ts';
import { borrarEnTandas } from './tandas.ts';

const ctx = freshApp(useTemplate());

describe('borrarEnTandas', () => {
  it('deletes every matching row a batch at a time and answers how many, leaving the others', async () => {
    await ctx.t.db.execute(sql`create table tandas_prueba (n int not null)`);
    await ctx.t.db.execute(sql`insert into tandas_prueba select g from generate_series(1, 25) g`);
    expect(await borrarEnTandas(ctx.t.db, 'tandas_prueba', sql`n <= 11`, 4)).toBe(11);
    expect((await ctx.t.db.execute<{ n: number }>(sql`select min(n)::int as n from tandas_prueba`)).rows[0]).toEqual({
      n: 12,
    });
    expect(await borrarEnTandas(ctx.t.db, 'tandas_prueba', sql`n <= 11`, 4)).toBe(0);
    expect(await borrarEnTandas(ctx.t.db, 'tandas_prueba', sql`n > 0`, 7)).toBe(14);
  });
});
