import { randomUUID } from 'node:crypto';
import { gzipSync, deflateSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insightsEventos, insightsIssues, insightsProyectos } from '../../../db/schema.ts';
import { freshApp, useTemplate } from '../../../test/harness.ts';

let p: { id: number; key: string };
const ctx = freshApp(useTemplate(), ['admin'], {
  setup: async ({ t }) => {
    const [row] = await t.db
      .insert(insightsProyectos)
      .values({ nombre: 'Pruebas', slug: 'pruebas', plataforma: 'node', publicKey: 'a'.repeat(32) })
      .returning();
    p = { id: row!.id, key: row!.publicKey };
  },
});

const eventId = () => randomUUID().replaceAll('-', '');

/** A minimal exception event; `tipo`/`valor` pick the group. */
const evento = (tipo: string, valor: string, extra: Record<string, unknown> = {}) => ({
  event_id: eventId(),
  timestamp: Date.now() / 1000,
  level: 'error',
  platform: 'node',
  exception: {
    values: [
      {
        type: tipo,
        value: valor,
        stacktrace: { frames: [{ filename: 'lib/a.js', function: 'a', lineno: 1, in_app: true }] },
      },
    ],
  },
  ...extra,
});

const envelopeDe = (
  items: { header: Record<string, unknown>; payload: string | Buffer }[],
  header: Record<string, unknown> = {},
) =>
  Buffer.concat([
    Buffer.from(`${JSON.stringify(header)}\n`),
    ...items.flatMap((i) => [Buffer.from(`${JSON.stringify(i.header)}\n`), Buffer.from(i.payload), Buffer.from('\n')]),
  ]);

const store = (body: unknown, opts: { url?: string; headers?: Record<string, string> } = {}) =>
  ctx.t.app.inject({
    method: 'POST',
    url: opts.url ?? `/api/${p.id}/store/?sentry_key=${p.key}`,
    headers: { 'content-type': 'application/json', ...opts.headers },
    payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });

const issueDe = async (titulo: string) => {
  const rows = await ctx.t.db.select().from(insightsIssues).where(eq(insightsIssues.titulo, titulo));
  return rows;
};
const eventosCon = async (id: string) =>
  (await ctx.t.db.select().from(insightsEventos).where(eq(insightsEventos.eventId, id))).length;

describe('authentication', () => {
  it('takes the key from ?sentry_key, X-Sentry-Auth and Authorization: Sentry', async () => {
    const a = evento('AuthError', 'query');
    expect((await store(a)).json()).toEqual({ id: a.event_id });
    const b = evento('AuthError', 'x-sentry-auth');
    const rb = await store(b, {
      url: `/api/${p.id}/store/`,
      headers: { 'x-sentry-auth': `Sentry sentry_version=7, sentry_client=raven/1, sentry_key=${p.key}` },
    });
    expect(rb.statusCode).toBe(200);
    const c = evento('AuthError', 'authorization');
    const rc = await store(c, {
      url: `/api/${p.id}/store/`,
      headers: { authorization: `Sentry sentry_key=${p.key}, sentry_version=7` },
    });
    expect(rc.statusCode).toBe(200);
    for (const e of [a, b, c]) expect(await eventosCon(e.event_id)).toBe(1);
  });

  it('refuses a missing key 401, a wrong key 403, an unknown project 404, a disabled project 403', async () => {
    expect((await store(evento('X', 'y'), { url: `/api/${p.id}/store/` })).statusCode).toBe(401);
    expect(
      (await store(evento('X', 'y'), { url: `/api/${p.id}/store/?sentry_key=${'b'.repeat(32)}` })).statusCode,
    ).toBe(403);
    expect((await store(evento('X', 'y'), { url: `/api/999999/store/?sentry_key=${p.key}` })).statusCode).toBe(404);
    expect((await store(evento('X', 'y'), { url: `/api/abc/store/?sentry_key=${p.key}` })).statusCode).toBe(404);
    const [off] = await ctx.t.db
      .insert(insightsProyectos)
      .values({ nombre: 'Off', slug: 'off', plataforma: 'node', publicKey: 'c'.repeat(32), activo: false })
      .returning();
    const r = await store(evento('X', 'y'), { url: `/api/${off!.id}/store/?sentry_key=${'c'.repeat(32)}` });
    expect(r.statusCode).toBe(403);
    expect(r.json().error).toMatch(/desactivado/);
  });

  it('passes the anti-forgery check (authenticated by the key, not the session cookie)', async () => {
    const e = evento('Xsrf', 'cookie');
    const r = await store(e, { headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(r.statusCode).toBe(200);
  });
});

describe('bodies', () => {
  it('inflates gzip and deflate bodies; accepts text/plain and no content type', async () => {
    const g = evento('Body', 'gzip');
    expect((await store(gzipSync(JSON.stringify(g)), { headers: { 'content-encoding': 'gzip' } })).statusCode).toBe(
      200,
    );
    const d = evento('Body', 'deflate');
    expect(
      (await store(deflateSync(JSON.stringify(d)), { headers: { 'content-encoding': 'deflate' } })).statusCode,
    ).toBe(200);
    const tp = evento('Body', 'text');
    expect((await store(tp, { headers: { 'content-type': 'text/plain;charset=UTF-8' } })).statusCode).toBe(200);
    for (const e of [g, d, tp]) expect(await eventosCon(e.event_id)).toBe(1);
  });

  it('refuses a zip bomb, an oversized body, bad gzip and invalid JSON with 4xx', async () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await store(bomb, { headers: { 'content-encoding': 'gzip' } })).statusCode).toBe(413);
    expect((await store(Buffer.alloc(1024 * 1024 + 10, 0x20))).statusCode).toBe(413);
    expect((await store(Buffer.from('not gzip'), { headers: { 'content-encoding': 'gzip' } })).statusCode).toBe(400);
    expect((await store('{"event_id": ')).statusCode).toBe(400);
    expect((await store('[1,2]')).statusCode).toBe(400);
    expect((await store('')).statusCode).toBe(400);
  });

  it('answers CORS preflights exposing Retry-After and X-Sentry-Rate-Limits', async () => {
    const r = await ctx.t.app.inject({
      method: 'OPTIONS',
      url: `/api/${p.id}/envelope/?sentry_key=${p.key}`,
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    const post = await store(evento('Cors', 'x'), { headers: { origin: 'https://app.example.com' } });
    expect(post.headers['access-control-allow-origin']).toBe('*');
    expect(String(post.headers['access-control-expose-headers'])).toMatch(/Retry-After.*X-Sentry-Rate-Limits/);
  });
});

describe('envelopes', () => {
  const send = (body: Buffer | string, headers: Record<string, string> = {}) =>
    ctx.t.app.inject({
      method: 'POST',
      url: `/api/${p.id}/envelope/?sentry_key=${p.key}`,
      headers: { 'content-type': 'application/x-sentry-envelope', ...headers },
      payload: body,
    });

  it('stores event items and answers their id; respects item lengths', async () => {
    const e = evento('Env', 'length');
    const payload = JSON.stringify(e);
    const body = envelopeDe([{ header: { type: 'event', length: Buffer.byteLength(payload) }, payload }], {
      event_id: e.event_id,
      sent_at: new Date().toISOString(),
    });
    const r = await send(body);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ id: e.event_id });
    expect(await eventosCon(e.event_id)).toBe(1);
  });

  it.each([
    'transaction',
    'session',
    'sessions',
    'client_report',
    'attachment',
    'profile',
    'replay_event',
    'replay_recording',
    'check_in',
    'statsd',
    'span',
    'user_report',
    'feedback',
    'algo_nuevo',
  ])('accepts and drops %s items', async (type) => {
    const antes = (await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(insightsEventos))[0]!.n;
    const payload =
      type === 'attachment'
        ? Buffer.from([0, 1, 2, 10, 255, 10])
        : JSON.stringify({ type, event_id: eventId(), sid: 'x' });
    const header = { type, length: Buffer.byteLength(payload) };
    const id = eventId();
    const r = await send(envelopeDe([{ header, payload }], { event_id: id }));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ id });
    expect((await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(insightsEventos))[0]!.n).toBe(antes);
  });

  it('keeps the event and drops the rest in a mixed envelope (gzip)', async () => {
    const e = evento('Env', 'mixed');
    const body = envelopeDe([
      { header: { type: 'session' }, payload: JSON.stringify({ sid: 'a', status: 'ok' }) },
      { header: { type: 'event' }, payload: JSON.stringify(e) },
      { header: { type: 'attachment', length: 3, filename: 'a.bin' }, payload: Buffer.from([10, 10, 10]) },
    ]);
    const r = await send(gzipSync(body), { 'content-encoding': 'gzip', 'content-type': 'text/plain' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ id: e.event_id });
    expect(await eventosCon(e.event_id)).toBe(1);
  });

  it.each([
    ['an empty body', ''],
    ['a bad header line', 'no-json\n{"type":"event"}\n{}'],
    ['an item header without type', '{}\n{"length":2}\n{}'],
    ['a length past the end', '{}\n{"type":"event","length":500}\n{}'],
    ['a negative length', '{}\n{"type":"event","length":-1}\n{}'],
    ['no newline after a sized item', '{}\n{"type":"event","length":2}\n{}x\n'],
    ['an event that is not JSON', '{}\n{"type":"event"}\n{"event_id":'],
    ['an event that is an array', '{}\n{"type":"event"}\n[1]'],
  ])('answers 400 for %s, storing nothing', async (_name, body) => {
    const antes = (await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(insightsEventos))[0]!.n;
    const r = await send(body);
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toEqual(expect.any(String));
    expect((await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(insightsEventos))[0]!.n).toBe(antes);
  });

  it('stores nothing of an envelope whose second event is invalid', async () => {
    const e = evento('Env', 'half');
    const r = await send(`{}\n{"type":"event"}\n${JSON.stringify(e)}\n{"type":"event"}\n"texto"\n`);
    expect(r.statusCode).toBe(400);
    expect(await eventosCon(e.event_id)).toBe(0);
  });

  it('takes the key from the envelope header dsn when no other is given', async () => {
    const e = evento('Env', 'dsn');
    const r = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/${p.id}/envelope/`,
      payload: envelopeDe([{ header: { type: 'event' }, payload: JSON.stringify(e) }], {
        dsn: `http://${p.key}@localhost/${p.id}`,
      }),
    });
    expect(r.statusCode).toBe(200);
  });
});

describe('grouping', () => {
  it('groups by type, value and culprit; an own fingerprint wins; {{ default }} expands', async () => {
    await store(evento('GrupoError', 'uno'));
    await store(evento('GrupoError', 'uno'));
    await store(evento('GrupoError', 'dos'));
    expect((await issueDe('GrupoError: uno'))[0]!.cantidad).toBe(2);
    expect((await issueDe('GrupoError: dos'))[0]!.cantidad).toBe(1);

    // Same fingerprint, different messages: one issue.
    await store(evento('FpError', 'a', { fingerprint: ['pago-rechazado'] }));
    await store(evento('FpError', 'b', { fingerprint: ['pago-rechazado'] }));
    const porFp = await ctx.t.db
      .select()
      .from(insightsIssues)
      .where(sql`${insightsIssues.fingerprint} = '["pago-rechazado"]'::jsonb`);
    expect(porFp).toHaveLength(1);
    expect(porFp[0]!.cantidad).toBe(2);

    // {{ default }} plus a part: split the default group by that part.
    await store(evento('DefError', 'x', { fingerprint: ['{{ default }}', 'cliente-1'] }));
    await store(evento('DefError', 'x', { fingerprint: ['{{default}}', 'cliente-1'] }));
    await store(evento('DefError', 'x', { fingerprint: ['{{ default }}', 'cliente-2'] }));
    await store(evento('DefError', 'x'));
    const def = await issueDe('DefError: x');
    expect(def.map((i) => i.cantidad).sort()).toEqual([1, 1, 2]);
    const conCliente = def.find((i) => i.cantidad === 2)!;
    expect(conCliente.fingerprint).toEqual(['DefError', 'x', 'lib/a.js in a', 'cliente-1']);
  });

  it('uses the top in-app frame as culprit, else the transaction; message events group by message', async () => {
    const frames = [
      { filename: 'node_modules/x/index.js', function: 'lib', in_app: false },
      { filename: 'src/cart.js', function: 'addItem', in_app: true },
      { filename: 'node_modules/y/index.js', function: 'inner', in_app: false },
    ];
    await store({
      event_id: eventId(),
      exception: { values: [{ type: 'CulpritError', value: 'v', stacktrace: { frames } }] },
    });
    expect((await issueDe('CulpritError: v'))[0]!.culprit).toBe('src/cart.js in addItem');
    await store({
      event_id: eventId(),
      exception: { values: [{ type: 'TxError', value: 'v' }] },
      transaction: '/facturas/:id',
    });
    expect((await issueDe('TxError: v'))[0]!.culprit).toBe('/facturas/:id');
    await store({ event_id: eventId(), message: 'Algo raro pasó', level: 'warning' });
    await store({ event_id: eventId(), message: { formatted: 'Algo raro pasó' }, level: 'warning' });
    const m = await issueDe('Algo raro pasó');
    expect(m).toHaveLength(1);
    expect(m[0]!.cantidad).toBe(2);
    expect(m[0]!.nivel).toBe('warning');
  });

  it('stores a retried event_id once and counts it once', async () => {
    const e = evento('RetryError', 'v');
    await store(e);
    await store(e);
    expect(await eventosCon(e.event_id)).toBe(1);
    expect((await issueDe('RetryError: v'))[0]!.cantidad).toBe(1);
  });

  it('stores events whose JSON carries NUL or lone surrogates, which PostgreSQL refuses in text, and shows them', async () => {
    // As a Python SDK writes them (ensure_ascii): escapes, not raw characters.
    const nul = evento('NulError', 'antes', { extra: { binario: 'a' } });
    const cuerpo = JSON.stringify(nul)
      .replace('"antes"', '"antes\\u0000despues"')
      .replace('"a"}', '"\\ud800 sola \\ud83d\\ude00"}');
    const r = await store(cuerpo);
    expect(r.statusCode).toBe(200);
    const [issue] = await issueDe('NulError: antesdespues');
    expect(issue).toBeDefined();
    const detalle = await ctx.t.app.inject({
      url: `/api/insights/issues/${issue!.id}/eventos/latest`,
      headers: ctx.admin,
    });
    expect(detalle.statusCode).toBe(200);
    expect(detalle.json().datos.extra).toEqual({ binario: '\uFFFD sola 😀' });
  });

  it('stores an event nested deeper than PostgreSQL parses, cut to depth', async () => {
    const e = evento('HondoError', 'v');
    const hondo = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`;
    const cuerpo = JSON.stringify({ ...e, extra: { pila: 'X' } }).replace('"X"', hondo);
    const r = await store(cuerpo);
    expect(r.statusCode).toBe(200);
    const [issue] = await issueDe('HondoError: v');
    const detalle = await ctx.t.app.inject({
      url: `/api/insights/issues/${issue!.id}/eventos/latest`,
      headers: ctx.admin,
    });
    expect(detalle.statusCode).toBe(200);
    expect(JSON.stringify(detalle.json().datos.extra)).toContain('[…]');
  });

  it('reopens a resolved issue on a new event; an ignored one stays ignored', async () => {
    await store(evento('ReopenError', 'v'));
    const [issue] = await issueDe('ReopenError: v');
    const put = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/insights/issues/${issue!.id}`,
      headers: ctx.admin,
      payload: { estado: 'resolved' },
    });
    expect(put.json().datos.estado).toBe('resolved');
    await store(evento('ReopenError', 'v'));
    expect((await issueDe('ReopenError: v'))[0]!.estado).toBe('unresolved');

    await store(evento('IgnoreError', 'v'));
    const [ign] = await issueDe('IgnoreError: v');
    await ctx.t.db.update(insightsIssues).set({ estado: 'ignored' }).where(eq(insightsIssues.id, ign!.id));
    await store(evento('IgnoreError', 'v'));
    expect((await issueDe('IgnoreError: v'))[0]).toMatchObject({ estado: 'ignored', cantidad: 2 });
  });

  it('keeps an exact count, first and last seen under 200 concurrent requests of one fingerprint', async () => {
    const inicio = new Date();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => store(evento('ConcurrentError', 'v', { extra: { i } }))),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [issue] = await issueDe('ConcurrentError: v');
    expect(issue!.cantidad).toBe(200);
    const stored = await ctx.t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(insightsEventos)
      .where(eq(insightsEventos.issueId, issue!.id));
    expect(stored[0]!.n).toBe(200);
    expect(issue!.primeraVez.getTime()).toBeGreaterThanOrEqual(inicio.getTime() - 5);
    expect(issue!.ultimaVez.getTime()).toBeGreaterThanOrEqual(issue!.primeraVez.getTime());
    const dias = await ctx.t.db.execute<{ n: string | number }>(
      sql`select sum(cantidad) as n from insights_issue_dias where issue_id = ${issue!.id}`,
    );
    expect(Number(dias.rows[0]!.n)).toBe(200);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and X-Sentry-Rate-Limits past the project limit', async () => {
    const [row] = await ctx.t.db
      .insert(insightsProyectos)
      .values({
        nombre: 'Limitado',
        slug: 'limitado',
        plataforma: 'node',
        publicKey: 'd'.repeat(32),
        limitePorMinuto: 3,
      })
      .returning();
    const url = `/api/${row!.id}/store/?sentry_key=${'d'.repeat(32)}`;
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await store(evento('Limit', 'v'), { url })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const r = await store(evento('Limit', 'v'), { url });
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(r.headers['x-sentry-rate-limits']).toMatch(/^\d+:default;error:project$/);
  });
});
