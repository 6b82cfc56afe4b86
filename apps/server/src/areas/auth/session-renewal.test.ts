import { RENEWAL_COOKIE } from '@intranet/contract/shared/http';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditoria, sesionFamilias, sesiones, usuarios } from '../../db/schema.ts';
import { createUser, freshApp, PASSWORDS, useTemplate } from '../../test/harness.ts';

const template = useTemplate();
const ctx = freshApp(template, [], { config: { trustProxy: true } });
beforeEach(async () => {
  await ctx.t.db.delete(sesiones);
  await ctx.t.db.delete(sesionFamilias);
  await ctx.t.db.delete(auditoria);
});

const XSRF = 'xsrf-de-prueba-123';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The renewal cookie a response sets: its value and its raw attributes. */
function renewalCookie(res: LightMyRequestResponse): { value: string; raw: string } | undefined {
  const headers = res.headers['set-cookie'];
  const all = headers === undefined ? [] : Array.isArray(headers) ? headers : [headers];
  const raw = all.find((c) => c.startsWith(`${RENEWAL_COOKIE}=`));
  return raw ? { value: raw.slice(RENEWAL_COOKIE.length + 1).split(';')[0]!, raw } : undefined;
}

async function signIn(
  app: FastifyInstance,
  usuario = 'admin',
  password: string = PASSWORDS.admin,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { username: usuario, password },
    headers: { 'user-agent': CHROME, ...headers },
  });
  const cookie = renewalCookie(res);
  if (!cookie) throw new Error('el ingreso no dio cookie de renovación');
  return { token: res.json<{ datos: { token: string } }>().datos.token, cookie: cookie.value, raw: cookie.raw };
}

const renew = (app: FastifyInstance, value: string | null, opts: { xsrf?: boolean } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/renovacion',
    cookies: { ...(value ? { [RENEWAL_COOKIE]: value } : {}), 'XSRF-TOKEN': XSRF },
    headers: { 'user-agent': CHROME, ...(opts.xsrf === false ? {} : { 'x-xsrf-token': XSRF }) },
  });

const estado = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/estado/sesion', headers: { authorization: `Bearer ${token}` } });

describe('the renewal cookie', () => {
  it('is HttpOnly, SameSite=Strict, limited to the renewal route, without Max-Age, and Secure only over TLS', async () => {
    const { raw, cookie } = await signIn(ctx.t.app);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    const attrs = raw.split(';').map((a) => a.trim().toLowerCase());
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=strict');
    expect(attrs).toContain('path=/api/auth/renovacion');
    expect(attrs.some((a) => a.startsWith('max-age') || a.startsWith('expires'))).toBe(false);
    expect(attrs).not.toContain('secure');
    const tls = await signIn(ctx.t.app, 'admin', PASSWORDS.admin, { 'x-forwarded-proto': 'https' });
    expect(tls.raw.split(';').map((a) => a.trim().toLowerCase())).toContain('secure');
  });

  it('is stored only as a hash', async () => {
    const { cookie } = await signIn(ctx.t.app);
    const filas = await ctx.t.db.execute<{ hash: string }>(sql`select hash from sesion_renovaciones`);
    expect(filas.rows.length).toBeGreaterThan(0);
    for (const f of filas.rows) {
      expect(f.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(f.hash).not.toContain(cookie);
    }
  });
});

describe('POST /api/auth/renovacion', () => {
  it('answers a new session of the same user and rotates the cookie', async () => {
    const first = await signIn(ctx.t.app);
    const res = await renew(ctx.t.app, first.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ error: null; datos: { token: string; usuario: { usuario: string; roles: string[] } } }>();
    expect(body.datos.usuario).toEqual({ nombre: 'Administrador', roles: ['Administrador'], usuario: 'admin' });
    expect(body.datos.token).not.toBe(first.token);
    const next = renewalCookie(res);
    expect(next?.value).toBeDefined();
    expect(next?.value).not.toBe(first.cookie);
    // Both pages' sessions work: the old tab's and the new one's.
    expect((await estado(ctx.t.app, first.token)).statusCode).toBe(200);
    expect((await estado(ctx.t.app, body.datos.token)).statusCode).toBe(200);
    // The new value renews in turn.
    expect((await renew(ctx.t.app, next!.value)).statusCode).toBe(200);
  });

  it('takes a value just used once more (two tabs reloading together), within the reuse interval', async () => {
    const { cookie } = await signIn(ctx.t.app);
    const [a, b] = await Promise.all([renew(ctx.t.app, cookie), renew(ctx.t.app, cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  });

  it('ends the whole family when a value used earlier is presented again: audited and counted', async () => {
    const first = await signIn(ctx.t.app);
    const renewed = await renew(ctx.t.app, first.cookie);
    const tokenB = renewed.json<{ datos: { token: string } }>().datos.token;
    const current = renewalCookie(renewed)!.value;
    // The value was used longer ago than the reuse interval.
    await ctx.t.db.execute(
      sql`update sesion_renovaciones set usada = now() - interval '5 minutes' where usada is not null`,
    );
    const replay = await renew(ctx.t.app, first.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('La sesión terminó: vuelva a ingresar.');
    // Every session of the family and its current value are gone.
    expect((await estado(ctx.t.app, first.token)).statusCode).toBe(401);
    expect((await estado(ctx.t.app, tokenB)).statusCode).toBe(401);
    expect((await renew(ctx.t.app, current)).statusCode).toBe(401);
    const audit = await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'reuso_renovacion'));
    expect(audit).toHaveLength(1);
    const metrics = await ctx.t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/intranet_session_renewals_total\{resultado="reuso"\} [1-9]/);
  });

  it('is refused without the anti-forgery header, and without a cookie', async () => {
    const { cookie } = await signIn(ctx.t.app);
    expect((await renew(ctx.t.app, cookie, { xsrf: false })).statusCode).toBe(403);
    expect((await renew(ctx.t.app, null)).statusCode).toBe(401);
    expect((await renew(ctx.t.app, 'x'.repeat(43))).statusCode).toBe(401);
    // The refused call without the header did not use the value up.
    expect((await renew(ctx.t.app, cookie)).statusCode).toBe(200);
  });

  it('is refused after sign-out, which ends every tab of the browser', async () => {
    const first = await signIn(ctx.t.app);
    const other = (await renew(ctx.t.app, first.cookie)).json<{ datos: { token: string } }>().datos.token;
    const out = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(renewalCookie(out)?.raw).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await estado(ctx.t.app, other)).statusCode).toBe(401);
    expect((await renew(ctx.t.app, first.cookie)).statusCode).toBe(401);
  });

  it('is refused once /login closed the browser session by its cookie', async () => {
    const { cookie, token } = await signIn(ctx.t.app);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/renovacion/cierre',
      cookies: { [RENEWAL_COOKIE]: cookie, 'XSRF-TOKEN': XSRF },
      headers: { 'x-xsrf-token': XSRF },
    });
    expect(res.statusCode).toBe(200);
    expect((await renew(ctx.t.app, cookie)).statusCode).toBe(401);
    expect((await estado(ctx.t.app, token)).statusCode).toBe(401);
  });

  it('is refused after the absolute lifetime, and after the idle limit', async () => {
    const a = await signIn(ctx.t.app);
    await ctx.t.db.execute(sql`update sesion_familias set vence = now() - interval '1 second'`);
    expect((await renew(ctx.t.app, a.cookie)).statusCode).toBe(401);
    const b = await signIn(ctx.t.app);
    await ctx.t.db.execute(
      sql`update sesion_familias set ultimo_uso = now() - interval '3 hours' where revocada is null`,
    );
    await ctx.t.db.execute(sql`update sesiones set ultimo_uso = now() - interval '3 hours'`);
    expect((await renew(ctx.t.app, b.cookie)).statusCode).toBe(401);
  });

  it('never extends the sign-in: a renewed session ends when the sign-in does', async () => {
    const { cookie } = await signIn(ctx.t.app);
    const [familia] = await ctx.t.db.select({ vence: sesionFamilias.vence }).from(sesionFamilias);
    const token = (await renew(ctx.t.app, cookie)).json<{ datos: { token: string } }>().datos.token;
    const filas = await ctx.t.db.select({ vence: sesiones.vence }).from(sesiones);
    expect(filas).toHaveLength(2);
    for (const f of filas) expect(f.vence.getTime()).toBe(familia!.vence.getTime());
    expect(token).toBeTruthy();
  });

  it("is refused after a password change made in another browser; the changing browser's own stays", async () => {
    await createUser(ctx.t.db, { usuario: 'cambia', password: 'clave-vieja-1', email: 'cambia@intranet.local' });
    const otro = await signIn(ctx.t.app, 'cambia', 'clave-vieja-1');
    const propio = await signIn(ctx.t.app, 'cambia', 'clave-vieja-1');
    const change = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/usuarios/yo/password',
      headers: { authorization: `Bearer ${propio.token}` },
      payload: { actual: 'clave-vieja-1', nueva: 'clave-nueva-2-larga', confirmacion: 'clave-nueva-2-larga' },
    });
    expect(change.statusCode).toBe(200);
    expect((await renew(ctx.t.app, otro.cookie)).statusCode).toBe(401);
    expect((await renew(ctx.t.app, propio.cookie)).statusCode).toBe(200);
  });

  it('is refused once an administrator reset the password or deactivated the account', async () => {
    const { id } = await createUser(ctx.t.db, {
      usuario: 'reseteo',
      password: 'clave-1-reseteo',
      email: 'reseteo@intranet.local',
    });
    const { cookie } = await signIn(ctx.t.app, 'reseteo', 'clave-1-reseteo');
    const admin = await signIn(ctx.t.app);
    const reset = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/usuarios/${id}/password`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(reset.statusCode).toBe(200);
    expect((await renew(ctx.t.app, cookie)).statusCode).toBe(401);
  });

  it('does not ask for the second factor again within the sign-in', async () => {
    const { id } = await createUser(ctx.t.db, {
      usuario: 'condos',
      password: 'clave-condos-1',
      email: 'condos@intranet.local',
    });
    const { cookie } = await signIn(ctx.t.app, 'condos', 'clave-condos-1');
    await ctx.t.db.update(usuarios).set({ totpActivo: new Date(), totpSecreto: 'x' }).where(eq(usuarios.id, id));
    const res = await renew(ctx.t.app, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().datos.usuario.usuario).toBe('condos');
  });
});

describe('Sesiones activas', () => {
  it('lists my sessions with browser, system, address and times, and closes one or all the others, audited', async () => {
    await createUser(ctx.t.db, { usuario: 'multi', password: 'clave-multi-1', email: 'multi@intranet.local' });
    const a = await signIn(ctx.t.app, 'multi', 'clave-multi-1', { 'x-forwarded-for': '10.0.0.7' });
    const b = await signIn(ctx.t.app, 'multi', 'clave-multi-1');
    const c = await signIn(ctx.t.app, 'multi', 'clave-multi-1');
    const list = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/auth/sesiones',
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(list.statusCode).toBe(200);
    const sesionesB = list.json<{
      datos: {
        id: number;
        navegador: string;
        sistema: string;
        ip: string;
        actual: boolean;
        inicio: string;
        ultimo_uso: string;
      }[];
    }>().datos;
    expect(sesionesB).toHaveLength(3);
    expect(sesionesB.filter((s) => s.actual)).toHaveLength(1);
    expect(sesionesB[0]).toMatchObject({ navegador: 'Chrome 131', sistema: 'Windows 10' });
    expect(sesionesB.map((s) => s.ip)).toContain('10.0.0.7');
    expect(Date.parse(sesionesB[0]!.inicio)).not.toBeNaN();

    const deA = sesionesB.find((s) => s.ip === '10.0.0.7')!;
    const cerrar = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/auth/sesiones/${deA.id}/cerrar`,
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(cerrar.statusCode).toBe(200);
    expect((await estado(ctx.t.app, a.token)).statusCode).toBe(401);
    expect((await renew(ctx.t.app, a.cookie)).statusCode).toBe(401);

    const otras = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/sesiones/cerrar-otras',
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(otras.json()).toEqual({ error: null, datos: { cerradas: 1 } });
    expect((await estado(ctx.t.app, c.token)).statusCode).toBe(401);
    expect((await estado(ctx.t.app, b.token)).statusCode).toBe(200);
    const acciones = (await ctx.t.db.select({ accion: auditoria.accion }).from(auditoria)).map((r) => r.accion);
    expect(acciones).toEqual(expect.arrayContaining(['cerrar_sesion', 'cerrar_otras_sesiones']));
  });

  it("refuses to close another account's session from my own list", async () => {
    await createUser(ctx.t.db, { usuario: 'ajena', password: 'clave-ajena-1', email: 'ajena@intranet.local' });
    const ajena = await signIn(ctx.t.app, 'ajena', 'clave-ajena-1');
    const [familia] = await ctx.t.db.select({ id: sesionFamilias.id }).from(sesionFamilias);
    const admin = await signIn(ctx.t.app);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/auth/sesiones/${familia!.id}/cerrar`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(404);
    expect((await estado(ctx.t.app, ajena.token)).statusCode).toBe(200);
  });

  it('an administrator sees and closes any account’s sessions; others may not', async () => {
    const { id } = await createUser(ctx.t.db, {
      usuario: 'vigilada',
      password: 'clave-vig-1',
      email: 'vigilada@intranet.local',
    });
    const suya = await signIn(ctx.t.app, 'vigilada', 'clave-vig-1');
    const admin = await signIn(ctx.t.app);
    const tecnico = await signIn(ctx.t.app, 'tecnico', PASSWORDS.demo);
    const auth = { authorization: `Bearer ${admin.token}` };
    expect(
      (
        await ctx.t.app.inject({
          method: 'GET',
          url: `/api/usuarios/${id}/sesiones`,
          headers: { authorization: `Bearer ${tecnico.token}` },
        })
      ).statusCode,
    ).toBe(403);
    const list = await ctx.t.app.inject({ method: 'GET', url: `/api/usuarios/${id}/sesiones`, headers: auth });
    const [s] = list.json<{ datos: { id: number; actual: boolean }[] }>().datos;
    expect(s?.actual).toBe(false);
    const close = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/usuarios/${id}/sesiones/${s!.id}/cerrar`,
      headers: auth,
    });
    expect(close.statusCode).toBe(200);
    expect((await estado(ctx.t.app, suya.token)).statusCode).toBe(401);
    const [row] = await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'cerrar_sesion'));
    expect(row).toMatchObject({ usuarioNombre: 'Administrador', entidad: 'usuario', entidadId: String(id) });
    const all = await ctx.t.app.inject({ method: 'POST', url: `/api/usuarios/${id}/sesiones/cerrar`, headers: auth });
    expect(all.json()).toEqual({ error: null, datos: { cerradas: 0 } });
  });
});
