import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplate, type Template, type TestApp } from '../test/harness.ts';
import { housekeeping } from './housekeeping.ts';
import { intentosIngreso, sesiones } from './schema.ts';

let template: Template;
let t: TestApp;
beforeAll(async () => {
  template = await createTemplate();
  t = await template.clone();
});
afterAll(async () => {
  await t.close();
  await template.close();
});

describe('housekeeping', () => {
  it('deletes revoked, expired and idle sessions and attempts older than a day, keeping the rest', async () => {
    const session = (token: string, extra: Partial<Record<'revocada' | 'vence' | 'ultimoUso', SQL>>) => ({
      tokenHash: token,
      usuarioId: 1,
      vence: sql`now() + interval '1 hour'`,
      ...extra,
    });
    await t.db.insert(sesiones).values([
      session('viva', {}),
      session('revocada', { revocada: sql`now()` }),
      session('vencida', { vence: sql`now() - interval '1 minute'` }),
      session('inactiva', { ultimoUso: sql`now() - interval '3 hours'` }),
    ]);
    await t.db.insert(intentosIngreso).values([
      { usuario: 'a', ip: '1.1.1.1', exito: false },
      { usuario: 'a', ip: '1.1.1.1', exito: false, fecha: sql`now() - interval '25 hours'` },
    ]);
    expect(await housekeeping(t.db, 120)).toEqual({ sesiones: 3, intentos: 1 });
    expect((await t.db.select({ h: sesiones.tokenHash }).from(sesiones)).map((s) => s.h)).toEqual(['viva']);
    expect(await t.db.select().from(intentosIngreso)).toHaveLength(1);
    expect(await housekeeping(t.db, 120)).toEqual({ sesiones: 0, intentos: 0 });
  });
});
