import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditoria, intentosIngreso, rolPermisos, sesiones, usuarios } from '../../db/schema.ts';
import { bearer, createUser, freshApp, login, PASSWORDS, useTemplate } from '../../test/harness.ts';

// One database for the file (cloning per test costs ~1 s on PGlite); each test starts without attempts or
// sessions, and tests that change an account use an account of their own.
const ctx = freshApp(useTemplate());
beforeEach(async () => {
  await ctx.t.db.delete(intentosIngreso);
  await ctx.t.db.delete(sesiones);
  await ctx.t.db.delete(auditoria);
});

const REJECTED = { error: 'Usuario o contraseña incorrectos', datos: null };
const permisos = (headers: Record<string, string>, codes: string[]) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/auth/permisos', headers, payload: codes });

describe('POST /api/auth', () => {
  it('signs in and answers the session exactly as the contract shapes it', async () => {
    const res = await login(ctx.t.app, 'admin', PASSWORDS.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['datos', 'error']);
    expect(body.error).toBeNull();
    expect(Object.keys(body.datos).sort()).toEqual(['token', 'usuario']);
    expect(body.datos.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.datos.usuario).toEqual({ nombre: 'Administrador', roles: ['Administrador'], usuario: 'admin' });

    const [row] = await ctx.t.db.select().from(usuarios).where(eq(usuarios.usuario, 'admin'));
    expect(row?.ultimoIngreso).toBeInstanceOf(Date);
    const stored = await ctx.t.db.select({ hash: sesiones.tokenHash }).from(sesiones);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.hash).not.toBe(body.datos.token);
    const audit = await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'ingreso'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entidad: 'usuario', usuarioNombre: 'Administrador' });
  });

  it('accepts the user name in any case, and the email', async () => {
    expect((await login(ctx.t.app, 'TECNICO', PASSWORDS.demo)).json().datos.usuario.nombre).toBe('Técnico Demo');
    const byEmail = (await login(ctx.t.app, 'Comercial@Intranet.local', PASSWORDS.demo)).json();
    expect(byEmail.datos.usuario).toEqual({ nombre: 'Comercial Demo', roles: ['Comercial'], usuario: 'comercial' });
  });

  it('answers the same HTTP 200 message for a wrong password, an unknown user and an inactive account', async () => {
    const wrong = await login(ctx.t.app, 'admin', 'no-es');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual(REJECTED);
    expect((await login(ctx.t.app, 'nadie', 'x')).json()).toEqual(REJECTED);
    await createUser(ctx.t.db, { usuario: 'baja', password: 'clave', activo: false, email: 'baja@intranet.local' });
    const inactive = await login(ctx.t.app, 'baja', 'clave');
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json()).toEqual(REJECTED);
  });
});

describe('sessions', () => {
  it('answers permisos for the session user, unknown codes false', async () => {
    const headers = await bearer(ctx.t.app, 'tecnico', PASSWORDS.demo);
    const res = await permisos(headers, ['SER#VER', '>SERDNS#VER', 'CLIENTES#VER', 'NO#EXISTE']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: null,
      datos: { 'SER#VER': true, '>SERDNS#VER': true, 'CLIENTES#VER': false, 'NO#EXISTE': false },
    });
  });

  it('grants admin every code', async () => {
    const headers = await bearer(ctx.t.app, 'admin', PASSWORDS.admin);
    const res = await permisos(headers, ['PHY-MAQ#TODO', 'USUARIOS#ADMIN', 'PACKS#EDITAR']);
    expect(Object.values(res.json().datos)).toEqual([true, true, true]);
  });

  it('revokes the token on logout', async () => {
    const headers = await bearer(ctx.t.app, 'admin', PASSWORDS.admin);
    const out = await ctx.t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ error: null, datos: null });
    const after = await permisos(headers, ['SER#VER']);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Sesión inválida o vencida', datos: null });
  });

  it('refuses a session past its absolute expiry', async () => {
    const headers = await bearer(ctx.t.app, 'admin', PASSWORDS.admin);
    expect((await permisos(headers, [])).statusCode).toBe(200);
    await ctx.t.db.update(sesiones).set({ vence: sql`now() - interval '1 second'` });
    expect((await permisos(headers, [])).statusCode).toBe(401);
  });

  it('sets the absolute expiry SESSION_TTL_HOURS after sign-in', async () => {
    await bearer(ctx.t.app, 'admin', PASSWORDS.admin);
    const [row] = await ctx.t.db
      .select({ horas: sql<string>`extract(epoch from (${sesiones.vence} - ${sesiones.creada})) / 3600` })
      .from(sesiones);
    expect(Number(row?.horas)).toBeCloseTo(ctx.t.config.sessionTtlHours, 3);
  });

  it('refuses an idle session and keeps a used one alive', async () => {
    const headers = await bearer(ctx.t.app, 'admin', PASSWORDS.admin);
    // Used 100 minutes ago: still alive (idle limit 120), and the use is written down.
    await ctx.t.db.update(sesiones).set({ ultimoUso: sql`now() - interval '100 minutes'` });
    expect((await permisos(headers, [])).statusCode).toBe(200);
    const [row] = await ctx.t.db
      .select({ idle: sql<string>`extract(epoch from now() - ${sesiones.ultimoUso})` })
      .from(sesiones);
    expect(Number(row?.idle)).toBeLessThan(60);

    await ctx.t.db.update(sesiones).set({ ultimoUso: sql`now() - interval '121 minutes'` });
    expect((await permisos(headers, [])).statusCode).toBe(401);
  });

  it('refuses the session of a user made inactive', async () => {
    await createUser(ctx.t.db, { usuario: 'se-va', password: 'clave', codigos: ['SER#VER'] });
    const headers = await bearer(ctx.t.app, 'se-va', 'clave');
    await ctx.t.db.update(usuarios).set({ activo: false }).where(eq(usuarios.usuario, 'se-va'));
    expect((await permisos(headers, [])).statusCode).toBe(401);
  });

  it('applies a role change on the next request', async () => {
    const { rolId } = await createUser(ctx.t.db, {
      usuario: 'cambia-rol',
      password: 'clave',
      codigos: ['CLIENTES#VER'],
    });
    const headers = await bearer(ctx.t.app, 'cambia-rol', 'clave');
    const servidores = () => ctx.t.app.inject({ method: 'GET', url: '/api/servidores', headers });
    expect((await servidores()).statusCode).toBe(403);
    await ctx.t.db.insert(rolPermisos).values({ rolId, codigo: 'SER#VER' });
    expect((await servidores()).statusCode).toBe(200);
    expect((await permisos(headers, ['SER#VER'])).json().datos).toEqual({ 'SER#VER': true });
    await ctx.t.db.delete(rolPermisos).where(eq(rolPermisos.rolId, rolId));
    expect((await servidores()).statusCode).toBe(403);
  });

  it('refuses malformed and unknown tokens', async () => {
    for (const authorization of ['Bearer', 'Bearer nope', 'Basic abc', `Bearer ${'x'.repeat(5000)}`]) {
      const res = await permisos({ authorization }, []);
      expect(res.statusCode).toBe(401);
    }
  });
});
