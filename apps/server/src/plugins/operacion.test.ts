import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshApp, PASSWORDS, useTemplate } from '../test/harness.ts';

const template = useTemplate();

/** Prometheus' own linter (Debian's `prometheus` package; the test command installs it as it installs slapd). */
const PROMTOOL = '/usr/bin/promtool';

/** One sample's value from Prometheus' text format (the line `name{labels} value`). */
function muestra(texto: string, nombre: string, etiquetas = ''): number | undefined {
  const linea = texto.split('\n').find((l) => l.startsWith(`${nombre}${etiquetas ? `{${etiquetas}}` : ''} `));
  return linea === undefined ? undefined : Number(linea.split(' ').at(-1));
}

describe('health checks', () => {
  let drenando = false;
  const ctx = freshApp(template, [], { clone: { cambios: true, drenando: () => drenando } });

  it('/healthz answers 200 while the process lives; /readyz 200 with the database, its migrations and the change feed up', async () => {
    const vivo = await ctx.t.app.inject({ url: '/healthz' });
    expect(vivo.statusCode).toBe(200);
    expect(vivo.json()).toEqual({ estado: 'ok', problemas: [] });
    const listo = await ctx.t.app.inject({ url: '/readyz' });
    expect(listo.statusCode).toBe(200);
    expect(listo.json()).toEqual({ estado: 'ok', problemas: [] });
  });

  it('/readyz answers 503 with Retry-After and the reason in Spanish when the database lacks a migration of this build', async () => {
    const db = ctx.t.db;
    const [ultima] = (
      await db.execute<{ id: number; created_at: string }>(
        sql`select id, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
    ).rows;
    await db.execute(sql`update drizzle.__drizzle_migrations set created_at = 0 where id = ${ultima!.id}`);
    try {
      const res = await ctx.t.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        estado: 'no_listo',
        problemas: ['La base de datos no tiene todas las migraciones de esta versión'],
      });
    } finally {
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${ultima!.created_at} where id = ${ultima!.id}`,
      );
    }
    expect((await ctx.t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 while draining (SIGTERM), and /healthz still 200: the process finishes what it has', async () => {
    drenando = true;
    try {
      const res = await ctx.t.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().problemas).toEqual([
        'El proceso se está deteniendo: termina lo que tiene en curso y no recibe solicitudes nuevas',
      ]);
      expect((await ctx.t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      // Calls still being made (a kept-alive connection) are answered.
      expect((await ctx.t.app.inject({ url: '/api/estado' })).statusCode).toBe(200);
    } finally {
      drenando = false;
    }
  });
});

describe('request id', () => {
  const ctx = freshApp(template);

  it('sends back the X-Request-Id a proxy gave, or a new UUID; an unsafe one (too long, other characters) is replaced', async () => {
    const dado = await ctx.t.app.inject({ url: '/api/estado', headers: { 'x-request-id': 'nginx-4f2a.9:1' } });
    expect(dado.headers['x-request-id']).toBe('nginx-4f2a.9:1');
    const nuevo = await ctx.t.app.inject({ url: '/api/estado' });
    expect(nuevo.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    for (const malo of ['a'.repeat(129), 'uno dos', 'x\u00e9', '<script>']) {
      const res = await ctx.t.app.inject({ url: '/api/estado', headers: { 'x-request-id': malo } });
      expect(res.headers['x-request-id']).not.toBe(malo);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    // On a refused call and a page too.
    expect((await ctx.t.app.inject({ url: '/api/servidores' })).headers['x-request-id']).toBeDefined();
  });
});

describe('/metrics', () => {
  const ctx = freshApp(template, [], { config: { metricsToken: 'metricas-de-prueba-123' }, clone: { cambios: true } });
  const abierto = freshApp(template, [], { clone: { cambios: true } });
  const token = { authorization: 'Bearer metricas-de-prueba-123' };

  it('asks for METRICS_TOKEN when it is set (401 in Spanish without it or with another)', async () => {
    for (const headers of [{}, { authorization: 'Bearer otro' }, { authorization: 'metricas-de-prueba-123' }]) {
      const res = await ctx.t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Las métricas piden el token de METRICS_TOKEN en Authorization: Bearer');
    }
    const res = await ctx.t.app.inject({ url: '/metrics', headers: token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('without a token, answers only this machine, and not a call a proxy on this machine passed on', async () => {
    const local = await abierto.t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    const lejos = await abierto.t.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(lejos.statusCode).toBe(403);
    expect(lejos.json().error).toBe('Sin METRICS_TOKEN, las métricas solo se leen desde esta misma máquina');
    const viaProxy = await abierto.t.app.inject({
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(viaProxy.statusCode).toBe(403);
  });

  it('counts answers by route and status, cache hits and misses, sign-in failures and lockouts, and the error monitor’s events', async () => {
    const app = ctx.t.app;
    const leer = async () => (await app.inject({ url: '/metrics', headers: token })).body;
    const antes = await leer();

    // A list read twice through the read cache: a miss, then a hit.
    const sesion = await app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { username: 'admin', password: PASSWORDS.admin },
    });
    const admin = { authorization: `Bearer ${sesion.json().datos.token}` };
    expect((await app.inject({ url: '/api/servidores', headers: admin })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/servidores', headers: admin })).headers['x-cache']).toBe('hit');
    // Twelve wrong passwords for a name from one address: failures, the lockout of the pair, and then 429s.
    const estados: number[] = [];
    for (let i = 0; i < 12; i++) {
      estados.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/auth',
            payload: { username: 'nadie-metricas', password: 'mal' },
            remoteAddress: '10.9.9.9',
          })
        ).statusCode,
      );
    }
    // The spec answers a wrong password 200 with its error; the eleventh starts the lockout, the twelfth is
    // not checked.
    expect(estados).toEqual([...Array<number>(10).fill(200), 429, 429]);
    // The error monitor: one event taken, one refused (bad key).
    const proyecto = (await app.inject({ url: '/api/insights/proyectos', headers: admin })).json().datos[0] as {
      id: number;
      public_key: string;
    };
    const evento = { event_id: 'a'.repeat(32), message: 'metricas', level: 'error', platform: 'javascript' };
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/${proyecto.id}/store/?sentry_key=${proyecto.public_key}`,
          payload: evento,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: `/api/${proyecto.id}/store/?sentry_key=otra`, payload: evento }))
        .statusCode,
    ).toBe(403);

    const despues = await leer();
    const delta = (nombre: string, etiquetas = '') =>
      (muestra(despues, nombre, etiquetas) ?? 0) - (muestra(antes, nombre, etiquetas) ?? 0);
    expect(
      delta('intranet_http_request_duration_seconds_count', 'method="GET",route="/api/servidores",status="200"'),
    ).toBe(2);
    expect(delta('intranet_http_responses_total', 'status="429"')).toBe(2);
    expect(delta('intranet_cache_reads_total', 'resultado="miss"')).toBeGreaterThanOrEqual(1);
    expect(delta('intranet_cache_reads_total', 'resultado="hit"')).toBeGreaterThanOrEqual(1);
    expect(muestra(despues, 'intranet_cache_hit_ratio')).toBeGreaterThan(0);
    expect(delta('intranet_login_failures_total')).toBe(11);
    expect(delta('intranet_login_lockouts_total', 'limite="usuario_ip"')).toBe(1);
    expect(delta('intranet_intake_events_total', 'resultado="aceptado"')).toBe(1);
    expect(delta('intranet_intake_events_total', 'resultado="rechazado"')).toBe(1);
    expect(delta('intranet_intake_batch_size_count')).toBeGreaterThanOrEqual(1);
    // The process's own figures (prom-client's defaults) are there too.
    expect(despues).toContain('intranet_process_resident_memory_bytes');
    expect(despues).toContain('intranet_nodejs_eventloop_lag_seconds');
  });

  it('passes `promtool check metrics` with no problem, once answers and sign-ins have counted', async () => {
    if (!existsSync(PROMTOOL)) {
      throw new Error(
        `Falta ${PROMTOOL}: instálelo con sudo apt-get install -y prometheus (npm test lo instala solo cuando corre como root)`,
      );
    }
    const app = ctx.t.app;
    await app.inject({ url: '/api/servidores' });
    await app.inject({ method: 'POST', url: '/api/auth', payload: { username: 'nadie-promtool', password: 'mal' } });
    const texto = (await app.inject({ url: '/metrics', headers: token })).body;
    expect(texto).toContain('intranet_http_request_duration_seconds_bucket');
    expect(texto).toContain('intranet_nodejs_active_handles_all');
    expect(texto).not.toMatch(/^intranet_nodejs_active_\w+_total/m);
    const promtool = spawnSync(PROMTOOL, ['check', 'metrics'], { input: texto, encoding: 'utf8' });
    // promtool prints each problem (one a line) and exits non-zero; both say the text is clean.
    expect({ status: promtool.status, problemas: `${promtool.stdout}${promtool.stderr}`.trim() }).toEqual({
      status: 0,
      problemas: '',
    });
  });
});
