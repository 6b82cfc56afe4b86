import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshApp, useTemplate } from '../test/harness.ts';
import { housekeeping } from './housekeeping.ts';
import { intentosIngreso, sesiones } from './schema.ts';

const ctx = freshApp(useTemplate());

describe('housekeeping', () => {
  it('deletes revoked, expired and idle sessions and attempts older than a day, keeping the rest', async () => {
    const session = (token: string, extra: Partial<Record<'revocada' | 'vence' | 'ultimoUso', SQL>>) => ({
      tokenHash: token,
      usuarioId: 1,
      vence: sql`now() + interval '1 hour'`,
      ...extra,
    });
    await ctx.t.db
      .insert(sesiones)
      .values([
        session('viva', {}),
        session('revocada', { revocada: sql`now()` }),
        session('vencida', { vence: sql`now() - interval '1 minute'` }),
        session('inactiva', { ultimoUso: sql`now() - interval '3 hours'` }),
      ]);
    await ctx.t.db.insert(intentosIngreso).values([
      { usuario: 'a', ip: '1.1.1.1', exito: false },
      { usuario: 'a', ip: '1.1.1.1', exito: false, fecha: sql`now() - interval '25 hours'` },
    ]);
    expect(await housekeeping(ctx.t.db, 120)).toEqual({ sesiones: 3, intentos: 1 });
    expect((await ctx.t.db.select({ h: sesiones.tokenHash }).from(sesiones)).map((s) => s.h)).toEqual(['viva']);
    expect(await ctx.t.db.select().from(intentosIngreso)).toHaveLength(1);
    expect(await housekeeping(ctx.t.db, 120)).toEqual({ sesiones: 0, intentos: 0 });
  });
});
