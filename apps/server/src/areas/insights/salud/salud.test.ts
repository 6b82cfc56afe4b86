import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { SaludProyecto } from '@intranet/contract/areas/insights';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insightsProyectos } from '../../../db/schema.ts';
import { freshApp, type TestApp, useTemplate, until, listening } from '../../../test/harness.ts';
import { insightsAlertas } from '../alertas.ts';
import { quitarResumenesViejos, resumirSesiones } from './sesiones.ts';

// Release health: the real SDKs' `session` and `sessions` items, stored and read back as crash-free rates.

const template = useTemplate();
const SERVER_DIR = fileURLToPath(new URL('../../../..', import.meta.url));

async function proyecto(t: TestApp, slug: string, key: string, limitePorMinuto = 6000) {
  const [p] = await t.db
    .insert(insightsProyectos)
    .values({ nombre: slug, slug, plataforma: 'node', publicKey: key, limitePorMinuto })
    .returning();
  return p!.id;
}

async function salud(t: TestApp, admin: { authorization: string }, id: number, dias = 14): Promise<SaludProyecto> {
  const r = await t.app.inject({ url: `/api/insights/proyectos/${id}/salud?dias=${dias}`, headers: admin });
  expect(r.statusCode).toBe(200);
  return r.json().datos;
}

// A Node service with Sentry.init, in a process of its own (the SDK's setup is global): its HTTP server's requests
// are sessions sent as aggregates (server mode), one of them crashed and one with a handled error; then two
// users' sessions sent one by one (application mode), one of them crashed. The process's own session
// (processSessionIntegration) is left out: where it ends depends on when the process exits.
const NODE_SCRIPT = `
import http from 'node:http';
import * as Sentry from '@sentry/node';
Sentry.init({
  dsn: process.env.DSN,
  release: 'api-cobros@3.1.0',
  environment: 'production',
  sendClientReports: false,
  integrations: (defaults) => defaults.filter((i) => i.name !== 'ProcessSession'),
});
const caida = { mechanism: { handled: false, type: 'prueba' } };
let cerradas = 0;
const server = http.createServer((req, res) => {
  res.once('close', () => { cerradas++; });
  if (req.url === '/falla') {
    Sentry.captureException(new Error('Caída del servicio de cobros'), caida);
    res.statusCode = 500;
  } else if (req.url === '/error') Sentry.captureException(new Error('Error manejado'));
  res.end('listo');
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address();
const rutas = ['/ok', '/ok', '/ok', '/ok', '/ok', '/ok', '/error', '/falla'];
for (const ruta of rutas) await (await fetch('http://127.0.0.1:' + port + ruta)).text();
while (cerradas < rutas.length) await new Promise((r) => setTimeout(r, 10));
Sentry.setUser({ id: 'ana' });
Sentry.startSession();
Sentry.endSession();
Sentry.setUser({ id: 'beto' });
Sentry.startSession();
Sentry.captureException(new Error('Caída de la app'), caida);
// The event is processed asynchronously: the session is marked crashed before it ends.
await Sentry.flush(10000);
Sentry.endSession();
await Sentry.flush(10000);
server.close();
`;

describe('@sentry/node release health', () => {
  it('keeps the request aggregates and the single sessions; the API answers crash-free sessions and users', async () => {
    const { t, base, admin } = await listening(template);
    try {
      const id = await proyecto(t, 'api-cobros', '5'.repeat(32));
      await promisify(execFile)(process.execPath, ['--input-type=module', '-e', NODE_SCRIPT], {
        cwd: SERVER_DIR,
        env: { ...process.env, DSN: `http://${'5'.repeat(32)}@${base}/${id}` },
        timeout: 60_000,
      });
      // Eight requests (one crashed, one errored) and two users' sessions (beto's crashed).
      const s = await until(async () => {
        const r = await salud(t, admin, id);
        return r.releases[0]?.sesiones === 10 ? r : undefined;
      });
      expect(s.sesiones).toBe(10);
      expect(s.releases).toEqual([
        expect.objectContaining({
          version: 'api-cobros@3.1.0',
          sesiones: 10,
          crashed: 2,
          errored: 1,
          abnormal: 0,
          usuarios: 2,
          usuarios_crashed: 1,
          crash_free_sesiones: 80,
          crash_free_usuarios: 50,
          adopcion: 100,
        }),
      ]);
      const hoy = new Date().toISOString().slice(0, 10);
      expect(s.releases[0]!.serie.at(-1)).toEqual({ dia: hoy, sesiones: 10, crashed: 2, abnormal: 0, errored: 1 });
      expect(s.releases[0]!.serie).toHaveLength(15);
      // beto's session was sent twice (started, then crashed and ended): one row, in its last state.
      const filas = await t.db.execute<{ sid: string | null; usuario: string | null; crashed: number }>(
        sql`select sid, usuario, crashed from insights_sesiones where proyecto_id = ${id} order by sid nulls first`,
      );
      expect(filas.rows.filter((f) => f.sid !== null).map((f) => [f.usuario, f.crashed])).toEqual(
        expect.arrayContaining([
          ['ana', 0],
          ['beto', 1],
        ]),
      );
      expect(filas.rows).toHaveLength(3);

      // The releases list carries the same figures.
      const releases = (await t.app.inject({ url: `/api/insights/proyectos/${id}/releases`, headers: admin })).json()
        .datos as { version: string; salud: { crash_free_sesiones: number } | null }[];
      expect(releases.find((r) => r.version === 'api-cobros@3.1.0')?.salud?.crash_free_sesiones).toBe(80);

      // Counted on "Datos recibidos" as sessions accepted.
      const recibidos = await until(async () => {
        const r = (await t.app.inject({ url: `/api/insights/proyectos/${id}/recibidos`, headers: admin })).json()
          .datos as { categoria: string; resultado: string; cantidad: number }[];
        const f = r.find((x) => x.categoria === 'session' && x.resultado === 'aceptado');
        return f && f.cantidad >= 4 ? f : undefined;
      });
      expect(recibidos.cantidad).toBeGreaterThanOrEqual(4);

      // 80 % is below the default threshold (95 %) but 10 sessions are fewer than its minimum (20): no alert.
      const monitor = insightsAlertas.find((f) => f.tipo === 'monitor')!.consulta;
      const claves = async () =>
        (await t.db.execute<{ clave: string }>(monitor)).rows.filter((a) => a.clave.startsWith(`monitor:salud:${id}:`));
      expect(await claves()).toEqual([]);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/insights/proyectos/${id}/salud/alerta`,
        headers: admin,
        payload: { umbral: 90, minimo_sesiones: 5 },
      });
      expect(put.statusCode).toBe(200);
      expect((await salud(t, admin, id)).alerta).toEqual({ umbral: 90, minimo_sesiones: 5 });
      expect(await claves()).toEqual([
        {
          clave: expect.stringMatching(new RegExp(`^monitor:salud:${id}:api-cobros@3\\.1\\.0:\\d{4}-\\d{2}-\\d{2}$`)),
          item_id: id,
          empresa_id: null,
          proyecto_id: id,
          titulo: 'Caídas en api-cobros api-cobros@3.1.0: 80 % de sesiones sin caídas en 24 h (umbral 90 %)',
          enlace: `/insights/proyectos/${id}?tab=releases`,
        },
      ]);
    } finally {
      await t.close();
    }
  });
});

// Debian's python3-sentry-sdk: application-mode sessions (one per user, one crashed, one with a handled error) and
// request-mode sessions, which it sends as aggregates.
const PYTHON = '/usr/bin/python3';
const PY_SCRIPT = `
import sys, sentry_sdk
from sentry_sdk import Hub
from sentry_sdk.sessions import auto_session_tracking
from sentry_sdk.utils import event_from_exception
sentry_sdk.init(dsn=sys.argv[1], release="pagos@2.0.0", environment="test", auto_session_tracking=True)
hub = Hub.current
def caida():
    try:
        1 / 0
    except ZeroDivisionError:
        event, hint = event_from_exception(sys.exc_info(), client_options=hub.client.options,
                                           mechanism={"type": "prueba", "handled": False})
        hub.capture_event(event, hint=hint)
for usuario, que in (("ana", None), ("beto", "caida"), ("carla", "error")):
    sentry_sdk.set_user({"id": usuario})
    hub.start_session()
    if que == "caida":
        caida()
    elif que == "error":
        sentry_sdk.capture_message("aviso")
        try:
            int("x")
        except ValueError:
            sentry_sdk.capture_exception()
    hub.end_session()
sentry_sdk.set_user(None)
for i in range(4):
    with auto_session_tracking(session_mode="request"):
        if i == 3:
            caida()
sentry_sdk.flush(10)
`;

describe('python3-sentry-sdk release health', () => {
  it('keeps its application sessions and request aggregates', async () => {
    const { t, base, admin } = await listening(template);
    try {
      const id = await proyecto(t, 'pagos', '6'.repeat(32));
      await promisify(execFile)(PYTHON, ['-c', PY_SCRIPT, `http://${'6'.repeat(32)}@${base}/${id}`], {
        timeout: 60_000,
      });
      const s = await until(async () => {
        const r = await salud(t, admin, id, 1);
        return r.releases[0]?.sesiones === 7 ? r : undefined;
      });
      expect(s.releases).toEqual([
        expect.objectContaining({
          version: 'pagos@2.0.0',
          sesiones: 7,
          crashed: 2,
          errored: 1,
          usuarios: 3,
          usuarios_crashed: 1,
          crash_free_sesiones: 71.43,
          crash_free_usuarios: 66.67,
          adopcion: 100,
        }),
      ]);
      expect(s.releases[0]!.serie).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});

describe('session items the monitor cannot keep, and the routes', () => {
  let id = 0;
  const ctx = freshApp(template, ['admin'], {
    setup: async ({ t }) => {
      id = await proyecto(t, 'app-sesiones', '7'.repeat(32), 3);
    },
  });
  const enviar = (items: { type: string; payload: unknown }[]) =>
    ctx.t.app.inject({
      method: 'POST',
      url: `/api/${id}/envelope/?sentry_key=${'7'.repeat(32)}`,
      headers: { 'content-type': 'application/x-sentry-envelope' },
      payload: [
        '{}',
        ...items.flatMap((i) => [
          JSON.stringify({ type: i.type }),
          typeof i.payload === 'string' ? i.payload : JSON.stringify(i.payload),
        ]),
      ].join('\n'),
    });
  const recibidos = async () => {
    // The counts reach the table about every two seconds: the callers poll.
    const r = await ctx.t.app.inject({ url: `/api/insights/proyectos/${id}/recibidos`, headers: ctx.admin });
    return r.json().datos as { categoria: string; resultado: string; motivo: string; cantidad: number }[];
  };
  const ahora = () => new Date().toISOString();

  it('drops unreadable or incomplete items with the reason, never a 500, and keeps the good ones beside them', async () => {
    const sid = randomUUID();
    const r = await enviar([
      { type: 'session', payload: '{no es json' },
      { type: 'session', payload: { sid: 'corto', started: ahora(), attrs: { release: 'a@1' } } },
      { type: 'session', payload: { sid, started: ahora(), status: 'raro', attrs: { release: 'a@1' } } },
      { type: 'session', payload: { sid, started: 'ayer', attrs: { release: 'a@1' } } },
      { type: 'session', payload: { sid, started: ahora(), attrs: {} } },
      { type: 'session', payload: { sid, started: ahora(), attrs: { release: 'a\u0000b' } } },
      { type: 'sessions', payload: { aggregates: [{ started: ahora(), exited: -1 }], attrs: { release: 'a@1' } } },
      { type: 'sessions', payload: { aggregates: 'no', attrs: { release: 'a@1' } } },
      { type: 'session', payload: { sid, started: ahora(), status: 'exited', errors: 2, attrs: { release: 'a@1' } } },
    ]);
    expect(r.statusCode).toBe(200);
    const motivos = await until(async () => {
      const filas = (await recibidos()).filter((f) => f.categoria === 'session');
      return filas.some((f) => f.resultado === 'aceptado') ? filas : undefined;
    });
    expect(motivos).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ resultado: 'aceptado', cantidad: 1 }),
        expect.objectContaining({ resultado: 'descartado', motivo: 'Sesión ilegible', cantidad: 1 }),
        expect.objectContaining({ resultado: 'descartado', motivo: 'Sesión sin sid válido', cantidad: 1 }),
        expect.objectContaining({ resultado: 'descartado', motivo: 'Sesión con estado desconocido', cantidad: 1 }),
        expect.objectContaining({ resultado: 'descartado', motivo: 'Sesión sin started válido', cantidad: 1 }),
        expect.objectContaining({ resultado: 'descartado', motivo: 'Sesión sin attrs.release', cantidad: 2 }),
        expect.objectContaining({ resultado: 'descartado', motivo: 'Agregado de sesiones inválido', cantidad: 1 }),
        expect.objectContaining({ resultado: 'descartado', motivo: 'Sesiones sin aggregates', cantidad: 1 }),
      ]),
    );
    const s = (await ctx.t.app.inject({ url: `/api/insights/proyectos/${id}/salud`, headers: ctx.admin })).json()
      .datos as SaludProyecto;
    expect(s.releases).toEqual([expect.objectContaining({ version: 'a@1', sesiones: 1, errored: 1, crashed: 0 })]);
  });

  it("keeps a session's newest state, and counts sessions past the project's limit as limited", async () => {
    const sid = randomUUID().replaceAll('-', '');
    const started = new Date(Date.now() - 60_000).toISOString();
    const estado = (status: string, timestamp: string) => ({
      sid,
      started,
      timestamp,
      status,
      did: 'u1',
      attrs: { release: 'b@1' },
    });
    // Crashed, then an older update arriving late: the crash stays.
    expect(
      (await enviar([{ type: 'session', payload: estado('crashed', new Date(Date.now() - 1000).toISOString()) }]))
        .statusCode,
    ).toBe(200);
    expect(
      (await enviar([{ type: 'session', payload: estado('ok', new Date(Date.now() - 30_000).toISOString()) }]))
        .statusCode,
    ).toBe(200);
    const s = (await ctx.t.app.inject({ url: `/api/insights/proyectos/${id}/salud`, headers: ctx.admin })).json()
      .datos as SaludProyecto;
    expect(s.releases.find((r) => r.version === 'b@1')).toMatchObject({
      sesiones: 1,
      crashed: 1,
      crash_free_sesiones: 0,
      crash_free_usuarios: 0,
    });
    // The project takes 3 a minute: four at once are over it, whichever minute they fall in.
    const cuatro = Array.from({ length: 4 }, () => ({ type: 'session', payload: estado('exited', ahora()) }));
    expect((await enviar(cuatro)).statusCode).toBe(200);
    const limitado = await until(async () =>
      (await recibidos()).find((f) => f.categoria === 'session' && f.resultado === 'limitado'),
    );
    expect(limitado).toMatchObject({ motivo: 'Límite por minuto del proyecto', cantidad: 4 });
  });

  it('answers 400 in Spanish for a bad period or alert, 404 for an unknown project', async () => {
    const get = (url: string) => ctx.t.app.inject({ url, headers: ctx.admin });
    const mal = await get(`/api/insights/proyectos/${id}/salud?dias=0`);
    expect(mal.statusCode).toBe(400);
    expect(mal.json().campos.dias).toEqual(['Mínimo 1']);
    expect((await get(`/api/insights/proyectos/${id}/salud?dias=abc`)).json().campos.dias).toEqual([
      'Debe ser un número',
    ]);
    expect((await get('/api/insights/proyectos/999999/salud')).statusCode).toBe(404);
    const put = (id_: number, payload: unknown) =>
      ctx.t.app.inject({
        method: 'PUT',
        url: `/api/insights/proyectos/${id_}/salud/alerta`,
        headers: ctx.admin,
        payload: payload as object,
      });
    const r = await put(id, { umbral: 150, minimo_sesiones: 0 });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toEqual({ umbral: ['Máximo 100'], minimo_sesiones: ['Mínimo 1'] });
    expect((await put(999999, { umbral: 90, minimo_sesiones: 5 })).statusCode).toBe(404);
  });
});

describe('release health read from the rollups the intake keeps', () => {
  const ctx = freshApp(template, ['admin'], {
    setup: async ({ t }) => ({
      id: await proyecto(t, 'app-horas', '8'.repeat(32)),
      chico: await proyecto(t, 'app-cupo', '9'.repeat(32), 3),
    }),
  });
  const enviar = (id: number, key: string, items: { type: string; payload: unknown }[]) =>
    ctx.t.app.inject({
      method: 'POST',
      url: `/api/${id}/envelope/?sentry_key=${key}`,
      headers: { 'content-type': 'application/x-sentry-envelope' },
      payload: ['{}', ...items.flatMap((i) => [JSON.stringify({ type: i.type }), JSON.stringify(i.payload)])].join(
        '\n',
      ),
    });
  // One instant for the whole block: a session's updates repeat its start.
  const ahora = Date.now();
  const hace = (min: number) => new Date(ahora - min * 60_000).toISOString();
  const sesion = (sid: string, inicio: number, status: string, did: string, environment: string, extra = {}) => ({
    type: 'session',
    payload: {
      sid,
      started: hace(inicio),
      timestamp: hace(inicio - (status === 'ok' ? 1 : 5)),
      status,
      did,
      attrs: { release: 'c@1', environment },
      ...extra,
    },
  });
  const leer = async (query = '') => {
    const r = await ctx.t.app.inject({
      url: `/api/insights/proyectos/${ctx.id}/salud?dias=1${query}`,
      headers: ctx.admin,
    });
    expect(r.statusCode).toBe(200);
    return r.json().datos as SaludProyecto;
  };
  const [a, b, c, d] = Array.from({ length: 4 }, () => randomUUID().replaceAll('-', ''));

  it('counts a session sent again once, in its last state, and the users across environments once', async () => {
    const key = '8'.repeat(32);
    // u1: a session three hours ago, first healthy then crashed; one an hour ago with an error (production); and
    // an abnormal one half an hour ago in staging. u2: a session in staging, started then ended. Then request
    // aggregates in staging: three exited, one crashed.
    for (const items of [
      [sesion(a!, 180, 'ok', 'u1', 'production'), sesion(c!, 120, 'ok', 'u2', 'staging')],
      [sesion(a!, 180, 'crashed', 'u1', 'production')],
      [sesion(b!, 60, 'exited', 'u1', 'production', { errors: 1 }), sesion(c!, 120, 'exited', 'u2', 'staging')],
      [
        sesion(d!, 30, 'abnormal', 'u1', 'staging'),
        {
          type: 'sessions',
          payload: {
            aggregates: [{ started: hace(10), exited: 3, crashed: 1 }],
            attrs: { release: 'c@1', environment: 'staging' },
          },
        },
      ],
      // The crashed session's first state again, late: nothing changes.
      [sesion(a!, 180, 'ok', 'u1', 'production')],
    ])
      expect((await enviar(ctx.id, key, items)).statusCode).toBe(200);

    const todos = await leer();
    expect(todos).toMatchObject({ sesiones: 8, entorno: null, entornos: ['production', 'staging'] });
    expect(todos.releases).toEqual([
      expect.objectContaining({
        version: 'c@1',
        sesiones: 8,
        crashed: 2,
        errored: 1,
        abnormal: 1,
        usuarios: 2,
        usuarios_crashed: 1,
        crash_free_sesiones: 75,
        crash_free_usuarios: 50,
        adopcion: 100,
      }),
    ]);
    expect(todos.releases[0]!.serie.reduce((s, x) => s + x.sesiones, 0)).toBe(8);

    const produccion = await leer('&entorno=production');
    expect(produccion).toMatchObject({ sesiones: 2, entorno: 'production', entornos: ['production', 'staging'] });
    expect(produccion.releases).toEqual([
      expect.objectContaining({
        sesiones: 2,
        crashed: 1,
        errored: 1,
        usuarios: 1,
        usuarios_crashed: 1,
        crash_free_usuarios: 0,
      }),
    ]);
    const staging = await leer('&entorno=staging');
    expect(staging.releases).toEqual([
      expect.objectContaining({
        sesiones: 6,
        crashed: 1,
        abnormal: 1,
        usuarios: 2,
        usuarios_crashed: 0,
        crash_free_sesiones: 83.33,
        crash_free_usuarios: 100,
      }),
    ]);
    expect((await leer('&entorno=qa')).releases).toEqual([]);
    expect(
      (await ctx.t.app.inject({ url: `/api/insights/proyectos/${ctx.id}/salud?entorno=`, headers: ctx.admin }))
        .statusCode,
    ).toBe(400);

    // What the intake kept is what the rollups would be rebuilt from the sessions.
    const filas = async () =>
      (
        await ctx.t.db.execute(sql`
          select hora, release, entorno, sesiones, errored, abnormal, crashed, usuarios, usuarios_crashed
            from insights_sesiones_horas where proyecto_id = ${ctx.id}
             and (sesiones, errored, abnormal, crashed, usuarios, usuarios_crashed) <> (0, 0, 0, 0, 0, 0)
           order by 1, 2, 3`)
      ).rows;
    const usuarios = async () =>
      (
        await ctx.t.db.execute(sql`
          select release, entorno, usuario, ultima, ultima_caida from insights_sesiones_usuarios
           where proyecto_id = ${ctx.id} order by 1, 2, 3`)
      ).rows;
    const [antes, antesUsuarios] = [await filas(), await usuarios()];
    expect(antesUsuarios).toHaveLength(5);
    await ctx.t.db.transaction(async (tx) => {
      await tx.execute(sql`delete from insights_sesiones_horas where proyecto_id = ${ctx.id}`);
      await tx.execute(sql`delete from insights_sesiones_usuarios where proyecto_id = ${ctx.id}`);
      await resumirSesiones(tx, ctx.id);
    });
    expect(await filas()).toEqual(antes);
    expect(await usuarios()).toEqual(antesUsuarios);

    // The crash-free alert reads the rollup too: 75 % of 8 sessions, below 90 % with a minimum of 5.
    await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/insights/proyectos/${ctx.id}/salud/alerta`,
      headers: ctx.admin,
      payload: { umbral: 90, minimo_sesiones: 5 },
    });
    const monitor = insightsAlertas.find((f) => f.tipo === 'monitor')!.consulta;
    const alertas = (await ctx.t.db.execute<{ titulo: string; clave: string }>(monitor)).rows.filter((x) =>
      x.clave.startsWith(`monitor:salud:${ctx.id}:`),
    );
    expect(alertas.map((x) => x.titulo)).toEqual([
      'Caídas en app-horas c@1: 75 % de sesiones sin caídas en 24 h (umbral 90 %)',
    ]);

    // Retention takes the rollups' rows before its cut with the sessions.
    await quitarResumenesViejos(ctx.t.db, 0, new Date(Date.now() + 2 * 3_600_000));
    expect(await filas()).toEqual([]);
    expect(await usuarios()).toEqual([]);
  });

  it("counts a `sessions` item against the project's limit by the sessions it carries", async () => {
    const key = '9'.repeat(32);
    const agregado = (exited: number) => ({
      type: 'sessions',
      payload: { aggregates: [{ started: hace(1), exited }], attrs: { release: 'd@1' } },
    });
    // The project takes 3 a minute: one item of five sessions is over it, whichever minute it falls in.
    expect((await enviar(ctx.chico, key, [agregado(5)])).statusCode).toBe(200);
    const limitado = await until(async () => {
      const r = await ctx.t.app.inject({ url: `/api/insights/proyectos/${ctx.chico}/recibidos`, headers: ctx.admin });
      return (r.json().datos as { categoria: string; resultado: string; cantidad: number }[]).find(
        (f) => f.categoria === 'session' && f.resultado === 'limitado',
      );
    });
    expect(limitado).toMatchObject({ motivo: 'Límite por minuto del proyecto', cantidad: 5 });
    const s = await ctx.t.app.inject({ url: `/api/insights/proyectos/${ctx.chico}/salud`, headers: ctx.admin });
    expect((s.json().datos as SaludProyecto).releases).toEqual([]);
  });
});

describe("the demo's release health", () => {
  const ctx = freshApp(template, ['admin']);
  it('"Portal de clientes" has two weeks of sessions of both releases, some crashed', async () => {
    const [p] = await ctx.t.db
      .execute<{ id: number }>(sql`select id from insights_proyectos where nombre = 'Portal de clientes'`)
      .then((r) => r.rows);
    const s = await salud(ctx.t, ctx.admin, p!.id, 14);
    expect(s.releases.map((r) => r.version).sort()).toEqual(['portal-clientes@2.4.0', 'portal-clientes@2.4.1']);
    for (const r of s.releases) {
      expect(r.crashed).toBeGreaterThan(0);
      expect(r.crash_free_sesiones).toBeGreaterThan(90);
      expect(r.crash_free_sesiones).toBeLessThan(100);
      expect(r.serie.filter((d) => d.sesiones > 0).length).toBeGreaterThanOrEqual(9);
    }
    expect(s.releases.reduce((a, r) => a + (r.adopcion ?? 0), 0)).toBeCloseTo(100, 1);
  });
});
