import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { credentialLines, saveGenerated } from './credentials.ts';
import { hashPassword } from './core/passwords.ts';
import { usuarios } from './db/schema.ts';
import { freshApp, PASSWORDS, useTemplate } from './test/harness.ts';

// The template's accounts were seeded with PASSWORDS: as if given in the environment, or as if generated.
const ctx = freshApp(useTemplate(), [], { each: true });
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'intranet-credenciales-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const changePassword = async (usuario: string) =>
  ctx.t.db
    .update(usuarios)
    .set({ passwordHash: await hashPassword('otra-clave-1') })
    .where(eq(usuarios.usuario, usuario));
const showsNoPassword = (lines: string[]) => {
  for (const line of lines)
    for (const password of [PASSWORDS.admin, PASSWORDS.demo]) expect(line).not.toContain(password);
};

describe('the start’s sign-in lines', () => {
  it('never print a password given in ADMIN_PASSWORD or DEMO_PASSWORD: they name the variable', async () => {
    const lines = await credentialLines(ctx.t.db, {
      dataDir,
      adminPassword: PASSWORDS.admin,
      demoPassword: PASSWORDS.demo,
    });
    expect(lines).toEqual([
      '  Ingrese como admin con la contraseña de ADMIN_PASSWORD',
      '  Ingrese como tecnico con la contraseña de DEMO_PASSWORD',
      '  Ingrese como comercial con la contraseña de DEMO_PASSWORD',
    ]);
    showsNoPassword(lines);

    await changePassword('admin');
    const changed = await credentialLines(ctx.t.db, {
      dataDir,
      adminPassword: PASSWORDS.admin,
      demoPassword: PASSWORDS.demo,
    });
    expect(changed[0]).toBe('  admin: la contraseña fue cambiada (no se puede mostrar)');
    showsNoPassword(changed);
  });

  it('print a generated password while it still works, on this start and on later ones (from credenciales.json)', async () => {
    const generated = { admin: PASSWORDS.admin, demo: PASSWORDS.demo };
    expect(await credentialLines(ctx.t.db, { dataDir, generated })).toEqual([
      `  Ingrese como admin / ${PASSWORDS.admin}`,
      `  Ingrese como tecnico / ${PASSWORDS.demo}`,
      `  Ingrese como comercial / ${PASSWORDS.demo}`,
    ]);

    expect(saveGenerated(dataDir, generated)).toBeUndefined();
    expect((await stat(join(dataDir, 'credenciales.json'))).mode & 0o777).toBe(0o600);
    await changePassword('tecnico');
    expect(await credentialLines(ctx.t.db, { dataDir })).toEqual([
      `  Ingrese como admin / ${PASSWORDS.admin}`,
      '  tecnico: la contraseña fue cambiada (no se puede mostrar)',
      `  Ingrese como comercial / ${PASSWORDS.demo}`,
    ]);
  });

  it('tell where the password came from when neither is known', async () => {
    const lines = await credentialLines(ctx.t.db, { dataDir });
    expect(lines).toEqual([
      '  admin: use la contraseña de ADMIN_PASSWORD del primer inicio',
      '  tecnico: use la contraseña de DEMO_PASSWORD del primer inicio',
      '  comercial: use la contraseña de DEMO_PASSWORD del primer inicio',
    ]);
  });
});
