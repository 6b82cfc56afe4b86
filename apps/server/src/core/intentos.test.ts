import { and, eq, ne, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditoria, intentosIngreso, sesiones, totpRecuperacion, usuarios } from '../db/schema.ts';
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
    // Another name from the same address signs in: it did not fail from there.
    expect(tokenOf(await loginFrom(A, 'tecnico', PASSWORDS.demo))).toBeDefined();

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

  it('counts failures per address across names, and holds there only the names that failed from it', async () => {
    for (let i = 0; i < 11; i++)
      expect((await loginFrom(A, `desconocido-${i}`, 'x')).statusCode).toBe(i < 10 ? 200 : 429);
    // One failure each, but the address is over its limit: each of those names waits there.
    expect((await loginFrom(A, 'desconocido-0', 'x')).statusCode).toBe(429);
    expect((await loginFrom(B, 'desconocido-0', 'x')).json()).toEqual(REJECTED);
    // A name that has not failed from it signs in; one guess wrong from there, and it waits too.
    expect(tokenOf(await loginFrom(A, 'admin', PASSWORDS.admin))).toBeDefined();
    expect((await loginFrom(A, 'tecnico', 'mal')).statusCode).toBe(429);
    expect((await loginFrom(A, 'tecnico', PASSWORDS.demo)).statusCode).toBe(429);
    expect(tokenOf(await loginFrom(B, 'tecnico', PASSWORDS.demo))).toBeDefined();

    await age('16 minutes');
    expect((await loginFrom(A, 'desconocido-0', 'x')).json()).toEqual(REJECTED);
    expect(tokenOf(await loginFrom(A, 'tecnico', PASSWORDS.demo))).toBeDefined();
  });

  it('behind one address (NAT), one colleague’s typos lock only that colleague', async () => {
    for (let i = 0; i < 13; i++) await loginFrom(A, 'tecnico', `mal-${i}`);
    expect((await loginFrom(A, 'tecnico', PASSWORDS.demo)).statusCode).toBe(429);
    expect(tokenOf(await loginFrom(A, 'comercial', PASSWORDS.demo))).toBeDefined();
    expect(tokenOf(await loginFrom(A, 'admin', PASSWORDS.admin))).toBeDefined();
    expect(tokenOf(await loginFrom(B, 'tecnico', PASSWORDS.demo))).toBeDefined();
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
    expect(failed.json()).toEqual({
      error: 'Demasiados intentos fallidos. Vuelva a intentarlo en 50 minutos.',
      datos: null,
    });
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
      despues: {
        usuario: 'admin',
        ip: '10.0.0.11',
        limites: ['usuario'],
        fallos: { usuario_ip: 1, ip: 1, usuario: 51 },
        direcciones: 11,
      },
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
      .where(
        and(
          eq(intentosIngreso.usuario, 'admin'),
          ne(intentosIngreso.ip, '10.0.0.1'),
          ne(intentosIngreso.ip, '10.0.0.11'),
        ),
      );
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

describe('API tokens and second-factor codes, each counted on their own', () => {
  const BAD_TOKEN = { authorization: `Bearer itk_${'x'.repeat(43)}` };
  const tokenFrom = (remoteAddress: string) =>
    ctx.t.app.inject({ url: '/api/empresas?page=1&size=5', headers: BAD_TOKEN, remoteAddress });
  const codeFrom = (remoteAddress: string, desafio: string, codigo: string) =>
    ctx.t.app.inject({ method: 'POST', url: '/api/auth/segundo-paso', payload: { desafio, codigo }, remoteAddress });
  const authenticator = (secreto: string) =>
    new TOTP({ secret: Secret.fromBase32(secreto), algorithm: 'SHA1', digits: 6, period: 30 });
  const codeAt = (secreto: string, pasos: number) =>
    authenticator(secreto).generate({ timestamp: Date.now() + pasos * 30_000 });
  /** A code the app shows at no step the server takes now. */
  const wrongCode = (secreto: string) => {
    const taken = new Set([-1, 0, 1].map((p) => codeAt(secreto, p)));
    return ['000000', '111111', '222222', '333333'].find((c) => !taken.has(c))!;
  };
  /** Turns the account's second factor on, as a person would (from B); answers its key. */
  const enrol = async (usuario: string, password: string) => {
    const headers = { authorization: `Bearer ${tokenOf(await loginFrom(B, usuario, password))}` };
    const { secreto } = (await ctx.t.app.inject({ method: 'POST', url: '/api/auth/totp/inscripcion', headers })).json()
      .datos as { secreto: string };
    const confirmado = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/confirmar',
      headers,
      payload: { codigo: codeAt(secreto, 0) },
    });
    expect(confirmado.statusCode).toBe(200);
    return secreto;
  };
  const challengeFrom = async (remoteAddress: string, usuario: string, password: string) =>
    (await loginFrom(remoteAddress, usuario, password)).json().segundo_paso?.desafio as string | undefined;

  it('6 bad tokens and 6 wrong codes from an address do not lock admin’s right password there', async () => {
    const secreto = await enrol('admin', PASSWORDS.admin);
    try {
      for (let i = 0; i < 6; i++) expect((await tokenFrom(A)).statusCode).toBe(401);
      const desafio = await challengeFrom(A, 'admin', PASSWORDS.admin);
      for (let i = 0; i < 6; i++) expect((await codeFrom(A, desafio!, wrongCode(secreto))).statusCode).toBe(400);

      const again = await challengeFrom(A, 'admin', PASSWORDS.admin);
      expect(again).toBeDefined();
      const signedIn = await codeFrom(A, again!, codeAt(secreto, 1));
      expect(tokenOf(signedIn)).toBeDefined();
      expect(tokenOf(await loginFrom(A, 'tecnico', PASSWORDS.demo))).toBeDefined();
    } finally {
      await ctx.t.db
        .update(usuarios)
        .set({ totpSecreto: null, totpActivo: null, totpUltimoPaso: null })
        .where(eq(usuarios.id, ctx.adminId));
      await ctx.t.db.delete(totpRecuperacion).where(eq(totpRecuperacion.usuarioId, ctx.adminId));
    }
  });

  it('throttles token guesses per address among token failures only', async () => {
    const states: number[] = [];
    for (let i = 0; i < 12; i++) states.push((await tokenFrom(A)).statusCode);
    expect(states).toEqual([...Array(10).fill(401), 429, 429]);
    // Passwords from that address, and tokens from another, are untouched.
    expect(tokenOf(await loginFrom(A, 'admin', PASSWORDS.admin))).toBeDefined();
    expect((await tokenFrom(B)).statusCode).toBe(401);

    const [row] = await lockouts();
    expect(row).toMatchObject({
      entidadId: null,
      despues: { usuario: '(token de api)', ip: A, clase: 'token', limites: ['ip'], fallos: { usuario_ip: 11 } },
    });
  });

  it('throttles wrong codes per account and address among wrong codes only', async () => {
    await createUser(ctx.t.db, { usuario: 'doble', password: 'Clave-Doble-1', codigos: ['CLIENTES#VER'] });
    const secreto = await enrol('doble', 'Clave-Doble-1');
    const desafio = (await challengeFrom(A, 'doble', 'Clave-Doble-1'))!;
    const states: number[] = [];
    for (let i = 0; i < 12; i++) states.push((await codeFrom(A, desafio, wrongCode(secreto))).statusCode);
    expect(states).toEqual([...Array(10).fill(400), 429, 429]);
    // The right code from that address waits too; from another address it is taken.
    expect((await codeFrom(A, desafio, codeAt(secreto, 1))).statusCode).toBe(429);
    expect(tokenOf(await codeFrom(B, desafio, codeAt(secreto, 1)))).toBeDefined();
    // Passwords from that address are untouched, the account's own too.
    expect(await challengeFrom(A, 'doble', 'Clave-Doble-1')).toBeDefined();
    expect(tokenOf(await loginFrom(A, 'comercial', PASSWORDS.demo))).toBeDefined();

    const [row] = await lockouts();
    expect(row).toMatchObject({
      despues: {
        usuario: 'doble',
        ip: A,
        clase: 'segundo_factor',
        limites: ['usuario_ip'],
        fallos: { usuario_ip: 11 },
      },
    });
  });
});
