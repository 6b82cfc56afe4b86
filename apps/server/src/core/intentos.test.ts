import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditoria, intentosIngreso, sesiones, usuarios } from '../db/schema.ts';
import { createUser, freshApp, PASSWORDS, useTemplate } from '../test/harness.ts';

// One database for the file; each test starts without attempts, sessions or audit rows.
const ctx = freshApp(useTemplate(), [], {
  setup: async ({ t }) => {
    const [admin] = await t.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.usuario, 'admin'));
    return { adminId: admin!.id };
  },
});
beforeEach(async () => {
  await ctx.t.db.delete(intentosIngreso);
  await ctx.t.db.delete(sesiones);
  await ctx.t.db.delete(auditoria);
});

const A = '203.0.113.10';
const B = '198.51.100.20';
const REJECTED = { error: 'Usuario o contraseña incorrectos', datos: null };
const QUINCE = { error: 'Demasiados intentos fallidos. Vuelva a intentarlo en 15 minutos.', datos: null };

const loginFrom = (remoteAddress: string, username: string, password: string) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/auth', payload: { username, password }, remoteAddress });
const tokenOf = (res: { json: () => { datos: { token: string } | null } }) => res.json().datos?.token;
const lockouts = () => ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'bloqueo_ingreso'));
const age = (interval: string) =>
  ctx.t.db.update(intentosIngreso).set({ fecha: sql`${intentosIngreso.fecha} - ${interval}::interval` });

describe('the (name, address) and address limits', () => {
  it('lock a name from one address after 10 failures, the right password too, until the window passes', async () => {
    for (let i = 0; i < 10; i++) expect((await loginFrom(A, 'admin', `mal-${i}`)).json()).toEqual(REJECTED);
    const eleventh = await loginFrom(A, 'admin', 'mal-10');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual(QUINCE);
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const right = await loginFrom(A, 'admin', PASSWORDS.admin);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(QUINCE);
    expect(right.headers['retry-after']).toBeDefined();
    // The email names the same account, so it shares the count.
    expect((await loginFrom(A, 'admin@intranet.local', PASSWORDS.admin)).statusCode).toBe(429);
    // Another name from the same address is refused too: the address has too many failures.
    expect((await loginFrom(A, 'tecnico', PASSWORDS.demo)).statusCode).toBe(429);

    await age('16 minutes');
    expect(tokenOf(await loginFrom(A, 'admin', PASSWORDS.admin))).toBeDefined();
  });

  it('a stranger cannot lock admin out: the right password from another address signs in', async () => {
    for (let i = 0; i < 12; i++) await loginFrom(A, 'admin', `mal-${i}`);
    expect((await loginFrom(A, 'admin', PASSWORDS.admin)).statusCode).toBe(429);

    const fromB = await loginFrom(B, 'admin', PASSWORDS.admin);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.json().error).toBeNull();
    expect(tokenOf(fromB)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // And B may still get its own password wrong without being refused.
    expect((await loginFrom(B, 'admin', 'mal')).json()).toEqual(REJECTED);
  });

  it('counts failures per address across names', async () => {
    for (let i = 0; i < 11; i++) await loginFrom(A, `desconocido-${i}`, 'x');
    expect((await loginFrom(A, 'admin', PASSWORDS.admin)).statusCode).toBe(429);
    expect(tokenOf(await loginFrom(B, 'admin', PASSWORDS.admin))).toBeDefined();
  });

  it('tells how many minutes remain while blocked', async () => {
    for (let i = 0; i < 11; i++) await loginFrom(A, 'admin', 'mal');
    await age('14 minutes 30 seconds');
    const res = await loginFrom(A, 'admin', PASSWORDS.admin);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('Demasiados intentos fallidos. Vuelva a intentarlo en 1 minuto.');
  });

  it('writes one audit row when a lockout starts (who, from where, how many), none per refused attempt', async () => {
    for (let i = 0; i < 11; i++) await loginFrom(A, 'admin', 'mal');
    for (let i = 0; i < 3; i++) expect((await loginFrom(A, 'admin', 'mal')).statusCode).toBe(429);
    const rows = await lockouts();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entidad: 'usuario',
      entidadId: String(ctx.adminId),
      usuarioId: null,
      despues: {
        usuario: 'admin',
        ip: A,
        limites: ['usuario_ip', 'ip'],
        fallos: { usuario_ip: 11, ip: 11, usuario: 11 },
        direcciones: 1,
      },
    });

    // Admins see it in the account's history.
    const token = tokenOf(await loginFrom(B, 'admin', PASSWORDS.admin));
    const history = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/auditoria?entidad=usuario&id=${ctx.adminId}`,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: B,
    });
    expect(history.json().datos.items.map((r: { accion: string }) => r.accion)).toEqual(['ingreso', 'bloqueo_ingreso']);
  });

  it('writes an unknown name lockout without an account', async () => {
    for (let i = 0; i < 11; i++) await loginFrom(A, 'Nadie', 'x');
    const [row] = await lockouts();
    expect(row).toMatchObject({ entidadId: null, despues: { usuario: 'nadie', ip: A, fallos: { usuario_ip: 11 } } });
  });
});

describe('the wide per-name limit (more than 50 failures in an hour, from every address)', () => {
  /** 50 failures for admin, 5 from each of 10.0.0.1 … 10.0.0.10, ten minutes ago. */
  const distributedAttack = () =>
    ctx.t.db.insert(intentosIngreso).values(
      Array.from({ length: 50 }, (_, i) => ({
        usuario: 'admin',
        ip: `10.0.0.${(i % 10) + 1}`,
        exito: false,
        fecha: sql`now() - interval '10 minutes'`,
      })),
    );

  it('refuses the addresses that failed and lets a clean address sign in', async () => {
    await distributedAttack();
    // At the limit, not over it: an address with failures still gets in.
    expect(tokenOf(await loginFrom('10.0.0.1', 'admin', PASSWORDS.admin))).toBeDefined();

    // The 51st failure trips the limit; the address that sent it is now one that failed.
    const tripping = await loginFrom('10.0.0.11', 'admin', 'mal');
    expect(tripping.statusCode).toBe(429);
    expect(Number(tripping.headers['retry-after'])).toBeGreaterThan(0);

    const failed = await loginFrom('10.0.0.1', 'admin', PASSWORDS.admin);
    expect(failed.statusCode).toBe(429);
    expect(failed.json()).toEqual({ error: 'Demasiados intentos fallidos. Vuelva a intentarlo en 50 minutos.', datos: null });
    const retryAfter = Number(failed.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(49 * 60);
    expect(retryAfter).toBeLessThanOrEqual(50 * 60);

    // The owner, from an address that has not failed, signs in.
    const owner = await loginFrom('192.0.2.7', 'admin', PASSWORDS.admin);
    expect(owner.statusCode).toBe(200);
    expect(tokenOf(owner)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A fresh attacker address gets one guess, then waits.
    expect((await loginFrom('10.0.0.12', 'admin', 'mal')).statusCode).toBe(429);
    expect((await loginFrom('10.0.0.12', 'admin', PASSWORDS.admin)).statusCode).toBe(429);
    // Other names are untouched, even from the refused addresses.
    expect(tokenOf(await loginFrom('10.0.0.1', 'tecnico', PASSWORDS.demo))).toBeDefined();

    const rows = await lockouts();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entidadId: String(ctx.adminId),
      despues: { usuario: 'admin', ip: '10.0.0.11', limites: ['usuario'], fallos: { usuario_ip: 1, ip: 1, usuario: 51 }, direcciones: 11 },
    });

    await age('61 minutes');
    expect(tokenOf(await loginFrom('10.0.0.1', 'admin', PASSWORDS.admin))).toBeDefined();
  });

  it('lets a failed address back in once the name is back under the limit', async () => {
    await distributedAttack();
    await loginFrom('10.0.0.11', 'admin', 'mal');
    expect((await loginFrom('10.0.0.1', 'admin', PASSWORDS.admin)).statusCode).toBe(429);
    // The failures of every other address leave the window: 5 + 1 remain.
    await ctx.t.db
      .update(intentosIngreso)
      .set({ fecha: sql`now() - interval '61 minutes'` })
      .where(and(eq(intentosIngreso.usuario, 'admin'), ne(intentosIngreso.ip, '10.0.0.1'), ne(intentosIngreso.ip, '10.0.0.11')));
    expect(tokenOf(await loginFrom('10.0.0.1', 'admin', PASSWORDS.admin))).toBeDefined();
  });
});

describe('the own-password change', () => {
  it('counts wrong current passwords like sign-in and locks that (name, address)', async () => {
    await createUser(ctx.t.db, { usuario: 'Cambia-Clave', password: 'clave-vieja' });
    const token = tokenOf(await loginFrom(B, 'cambia-clave', 'clave-vieja'));
    const cambiar = (remoteAddress: string, actual: string) =>
      ctx.t.app.inject({
        method: 'PUT',
        url: '/api/usuarios/yo/password',
        headers: { authorization: `Bearer ${token}` },
        payload: { actual, nueva: 'clave-nueva-1', confirmacion: 'clave-nueva-1' },
        remoteAddress,
      });

    for (let i = 0; i < 10; i++) {
      const wrong = await cambiar(A, `mal-${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().campos).toEqual({ actual: ['La contraseña actual no es correcta'] });
    }
    const eleventh = await cambiar(A, 'mal-10');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual(QUINCE);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Locked: even the right current password from that address, and sign-in from it.
    expect((await cambiar(A, 'clave-vieja')).statusCode).toBe(429);
    expect((await loginFrom(A, 'cambia-clave', 'clave-vieja')).statusCode).toBe(429);

    const [row] = await lockouts();
    expect(row).toMatchObject({ despues: { usuario: 'cambia-clave', ip: A, fallos: { usuario_ip: 11 } } });

    const ok = await cambiar(B, 'clave-vieja');
    expect(ok.json()).toEqual({ error: null, datos: null });
    expect(tokenOf(await loginFrom(B, 'cambia-clave', 'clave-nueva-1'))).toBeDefined();
  });
});
