import { PERMISSION_CODES, type PermissionCode } from '@intranet/contract/registry';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { hashToken } from '../core/sessions.ts';
import { apiTokens, roles } from '../db/schema.ts';
import { bearer, createUser, freshApp, useTemplate } from '../test/harness.ts';
import { canAccess, MissingAccessError, type Access } from './access.ts';

const ENVELOPE_401 = { error: 'Sesión inválida o vencida', datos: null };
const ENVELOPE_403 = { error: 'No tiene permiso para esta acción', datos: null };
/** Sentry's web API for sentry-cli (`/api/0/…`) answers the same envelope with Sentry's `detail` beside. */
const envelope = (url: string, e: { error: string; datos: null }) =>
  url.startsWith('/api/0/') ? { detail: e.error, ...e } : e;

/** A concrete URL for a route pattern: every parameter becomes 1. */
const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*/g, 'x');
const codesOf = (access: Access): readonly PermissionCode[] =>
  access === 'public' || access === 'session' ? [] : typeof access === 'string' ? [access] : access;

/**
 * The routes any session reaches, a session still waiting for its second factor included (it holds no code):
 * each with why it needs no code. Everything else asks for the codes of the screens that use it.
 */
const OPEN_TO_ANY_SESSION: Readonly<Record<string, string>> = {
  'POST /api/auth/permisos': 'its own codes and whether the second factor is pending: what the web app shows',
  'GET /api/auth/totp': 'its own second factor: on or off, required or not',
  'POST /api/auth/totp/inscripcion': 'enrols the second factor: what a pending session is for',
  'POST /api/auth/totp/confirmar': 'confirms the enrolment with a first code',
  'POST /api/auth/totp/desactivar': 'turns its own second factor off (refused while a role requires it)',
  'POST /api/auth/logout': 'signs out',
  'GET /api/auth/sesiones': 'its own open sessions (Mi cuenta)',
  'POST /api/auth/sesiones/:id/cerrar': 'closes one of its own sessions',
  'POST /api/auth/sesiones/cerrar-otras': 'closes its other sessions',
  'PUT /api/usuarios/yo/password': 'changes its own password',
  'GET /api/auth/tokens': 'its own API tokens (each holds only codes the account holds)',
  'POST /api/auth/tokens': 'creates an API token with some of its own codes (none while pending)',
  'POST /api/auth/tokens/:id/revocar': 'revokes one of its own API tokens',
  'POST /api/auth/tokens/lote': 'revokes several of its own API tokens',
  'GET /api/estado/sesion': 'checks the session or a token and the database (scripts, monitors)',
  'GET /api/versiones/changelog': 'the products with published versions: every signed-in person may read what changed',
  'GET /api/versiones/changelog/:id': 'one product’s published versions and their notes, for every signed-in person',
  'GET /api/vistas': 'its own saved views, and those shared on lists its codes read',
  'POST /api/vistas': 'saves a view of a list its codes read',
  'PUT /api/vistas/:id': 'changes one of its own views',
  'DELETE /api/vistas/:id': 'deletes one of its own views',
  'PUT /api/vistas/predeterminada': 'the view a list its codes read opens with',
  'GET /api/vivo': 'live changes of the lists its codes read (none without codes)',
  'GET /api/busqueda': 'the command palette: searches only what its codes read (nothing without codes)',
  'GET /api/auditoria': 'a record’s history, checked against the entity’s read code',
  'GET /api/alertas/notificaciones': 'its own notifications (Mis alertas)',
  'GET /api/alertas/notificaciones/:id': 'one of its own notifications',
  'POST /api/alertas/notificaciones/:id/leida': 'marks one of its own notifications read',
  'POST /api/alertas/notificaciones/leidas': 'marks all its own notifications read',
  'POST /api/alertas/notificaciones/lote': 'acts on several of its own notifications',
  'GET /api/alertas/preferencias': 'its own alert subscriptions',
  'PUT /api/alertas/preferencias': 'changes its own alert subscriptions',
};

/**
 * All a session waiting for its second factor reaches: its codes (none, and that it is pending), the enrolment, and
 * signing out.
 */
const ENROLMENT = [
  'POST /api/auth/permisos',
  'GET /api/auth/totp',
  'POST /api/auth/totp/inscripcion',
  'POST /api/auth/totp/confirmar',
  'POST /api/auth/logout',
];

const ctx = freshApp(useTemplate());

describe('every registered /api route (covers routes added later by construction)', () => {
  it('finds the routes of the spec in the registry, each with a declared access', () => {
    const names = ctx.t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/auth',
      'POST /api/auth/permisos',
      'POST /api/auth/logout',
      'GET /api/estado',
      'GET /api/servidores',
      'GET /api/paquetes',
      'GET /api/paquetes/last',
    ]) {
      expect(names).toContain(expected);
    }
    for (const route of ctx.t.app.apiRoutes) {
      const ok = route.access === 'public' || route.access === 'session' || codesOf(route.access).length > 0;
      expect(ok, `${route.method} ${route.url}`).toBe(true);
      for (const code of codesOf(route.access))
        expect(PERMISSION_CODES, `${route.method} ${route.url}`).toContain(code);
    }
  });

  it('answers 401 with the envelope to every non-public route without a valid session', async () => {
    for (const route of ctx.t.app.apiRoutes.filter((r) => r.access !== 'public')) {
      const url = concrete(route.url);
      for (const headers of [{}, { authorization: 'Bearer no-existe' }]) {
        const res = await ctx.t.app.inject({ method: route.method as 'GET', url, headers });
        expect(res.statusCode, `${route.method} ${url}`).toBe(401);
        expect(res.json(), `${route.method} ${url}`).toEqual(envelope(url, ENVELOPE_401));
      }
    }
  });

  it('answers 403 with the envelope to a user lacking the code, and lets a user holding it through', async () => {
    await createUser(ctx.t.db, { usuario: 'sin-permisos', password: 'clave', codigos: [] });
    const coded = ctx.t.app.apiRoutes.filter((r) => codesOf(r.access).length > 0);
    expect(coded.length).toBeGreaterThan(0);
    // One sign-in per user (password hashing is slow on purpose; the route list keeps growing).
    const sesiones = new Map<string, { authorization: string }>();
    const sesion = async (usuario: string) =>
      sesiones.get(usuario) ?? sesiones.set(usuario, await bearer(ctx.t.app, usuario, 'clave')).get(usuario)!;
    for (const route of coded) {
      const url = concrete(route.url);
      const denied = await ctx.t.app.inject({
        method: route.method as 'GET',
        url,
        headers: await sesion('sin-permisos'),
      });
      expect(denied.statusCode, `${route.method} ${url}`).toBe(403);
      expect(denied.json(), `${route.method} ${url}`).toEqual(envelope(url, ENVELOPE_403));

      for (const code of codesOf(route.access)) {
        const usuario = `solo-${code.replace(/[^A-Za-z0-9]/g, '_').toLowerCase()}`;
        await createUser(ctx.t.db, { usuario, password: 'clave', codigos: [code] }).catch(() => undefined);
        const allowed = await ctx.t.app.inject({ method: route.method as 'GET', url, headers: await sesion(usuario) });
        expect([401, 403], `${route.method} ${url} con ${code}`).not.toContain(allowed.statusCode);
      }
    }
  });

  it('opens to any session only the routes every account needs, even one waiting for its second factor', () => {
    const abiertas = ctx.t.app.apiRoutes.filter((r) => r.access === 'session').map((r) => `${r.method} ${r.url}`);
    expect(abiertas.sort()).toEqual(Object.keys(OPEN_TO_ANY_SESSION).sort());
  });

  it('lets a session waiting for its second factor reach the enrolment step and signing out, nothing else', async () => {
    const { rolId } = await createUser(ctx.t.db, {
      usuario: 'pendiente',
      password: 'clave',
      codigos: PERMISSION_CODES,
    });
    await ctx.t.db.update(roles).set({ requiereTotp: true }).where(eq(roles.id, rolId));
    const pendiente = await bearer(ctx.t.app, 'pendiente', 'clave');
    const enrolment = new Set(ENROLMENT);
    for (const route of ctx.t.app.apiRoutes.filter((r) => r.access !== 'public')) {
      const nombre = `${route.method} ${route.url}`;
      // Signing out ends the session: it gets one of its own.
      const headers = route.url === '/api/auth/logout' ? await bearer(ctx.t.app, 'pendiente', 'clave') : pendiente;
      const res = await ctx.t.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers });
      if (enrolment.has(nombre)) expect([401, 403], nombre).not.toContain(res.statusCode);
      else {
        expect(res.statusCode, nombre).toBe(403);
        if (route.access === 'session')
          expect(res.json().error, nombre).toBe(
            'Su rol exige la verificación en dos pasos: actívela en «Segundo factor» para continuar',
          );
      }
    }
  });

  it('lets any session through a session route', async () => {
    for (const route of ctx.t.app.apiRoutes.filter((r) => r.access === 'session')) {
      const res = await ctx.t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: await bearer(ctx.t.app, 'sin-permisos', 'clave'),
      });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(res.statusCode);
    }
  });
});

/** An API token of `usuarioId` holding `codigos` (written as the route would, hash only), valid for a day. */
async function tokenDe(usuarioId: number, codigos: readonly PermissionCode[]): Promise<{ authorization: string }> {
  const token = `itk_${randomBytes(32).toString('base64url')}`;
  await ctx.t.db.insert(apiTokens).values({
    usuarioId,
    nombre: 'matriz',
    tokenHash: hashToken(token),
    prefijo: token.slice(0, 10),
    codigos: [...codigos],
    vence: sql`now() + interval '1 day'`,
  });
  return { authorization: `Bearer ${token}` };
}

describe('the same matrix with API tokens', () => {
  it('lets a token through with the route’s code, refuses it with another of its owner’s codes, and on the account’s own routes', async () => {
    const coded = ctx.t.app.apiRoutes.filter((r) => codesOf(r.access).length > 0);
    // The owner holds every code; each token holds one.
    const { id } = await createUser(ctx.t.db, {
      usuario: 'todos-los-codigos',
      password: 'clave',
      codigos: PERMISSION_CODES,
    });
    const tokens = new Map<PermissionCode, { authorization: string }>();
    for (const code of PERMISSION_CODES) tokens.set(code, await tokenDe(id, [code]));
    for (const route of coded) {
      const url = concrete(route.url);
      const codes = codesOf(route.access);
      const otro = PERMISSION_CODES.find((c) => !codes.includes(c))!;
      const denied = await ctx.t.app.inject({ method: route.method as 'GET', url, headers: tokens.get(otro) });
      expect(denied.statusCode, `${route.method} ${url} con un token de ${otro}`).toBe(403);
      expect(denied.json(), `${route.method} ${url}`).toEqual(envelope(url, ENVELOPE_403));
      for (const code of codes) {
        const allowed = await ctx.t.app.inject({ method: route.method as 'GET', url, headers: tokens.get(code) });
        expect([401, 403, 429], `${route.method} ${url} con un token de ${code}`).not.toContain(allowed.statusCode);
      }
    }
    const todos = await tokenDe(id, PERMISSION_CODES);
    for (const route of ctx.t.app.apiRoutes.filter((r) => r.access === 'session')) {
      const res = await ctx.t.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers: todos });
      // Only a route declared for tokens too (a script checking its token) lets one through.
      if (route.apiToken) expect([401, 403, 429], `${route.method} ${route.url}`).not.toContain(res.statusCode);
      else expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    expect(ctx.t.app.apiRoutes.filter((r) => r.apiToken).map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/estado/sesion',
    ]);
  });
});

describe('deny by default', () => {
  it('refuses to start with an /api route that does not declare its access', async () => {
    const app = await buildApp({ db: ctx.t.db, config: ctx.t.config });
    const start = async () => {
      // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin.
      app.register(async (area) => {
        area.get('/api/olvidada', async () => ({ error: null, datos: null }));
      });
      await app.ready();
    };
    const failure = await start().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(MissingAccessError);
    expect(String(failure)).toMatch(/GET \/api\/olvidada no declara config.access/);
    await app.close().catch(() => undefined);
  });

  it('lets routes outside /api go without an access declaration', async () => {
    const app = await buildApp({ db: ctx.t.db, config: ctx.t.config });
    app.get('/salud-interna', async () => 'ok');
    await app.ready();
    expect((await app.inject({ url: '/salud-interna' })).body).toBe('ok');
    await app.close();
  });
});

describe('canAccess', () => {
  const granted = new Set<PermissionCode>(['SER#VER']);
  it('is the access policy', () => {
    expect(canAccess('public', new Set())).toBe(true);
    expect(canAccess('session', new Set())).toBe(true);
    expect(canAccess('SER#VER', granted)).toBe(true);
    expect(canAccess('PACKS#VER', granted)).toBe(false);
    expect(canAccess(['PACKS#VER', 'SER#VER'], granted)).toBe(true);
    expect(canAccess(['PACKS#VER'], granted)).toBe(false);
    expect(canAccess([], granted)).toBe(false);
  });
});
