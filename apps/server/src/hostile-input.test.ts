import { PERMISSION_CODES } from '@intranet/contract/registry';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSession } from './core/sessions.ts';
import { usuarios } from './db/schema.ts';
import { createUser, freshApp, useTemplate } from './test/harness.ts';

/**
 * Every route of the OpenAPI document, sent hostile requests with and without a session: wrong types, huge
 * and empty strings, NUL and lone surrogates, deep nesting, `__proto__` keys, odd numbers and bad ids.
 * Whatever it is sent, the server answers; it never fails with a 5xx.
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);
// A fixed seed keeps CI repeatable; `FUZZ_SEED=random` (or a number) explores other inputs.
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20261124);

interface Operation {
  method: HTTPMethods;
  path: string;
  params: string[];
  query: string[];
  body: string[];
}

interface OpenApiParameter {
  in: string;
  name: string;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** The routes as the OpenAPI document lists them, with the names of their params, query and body fields. */
function operationsOf(doc: { paths?: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      const body = Object.values(op.requestBody?.content ?? {})[0]?.schema?.properties ?? {};
      ops.push({
        method: method.toUpperCase() as HTTPMethods,
        path,
        params: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(body),
      });
    }
  }
  return ops;
}

const HUGE = 'x'.repeat(300_000);
const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    '\ud800',
    'a\udc00b',
    '\udbff\udfff',
    '%00',
    '\u00c0\u0080',
    '__proto__',
    'constructor',
    'prototype',
    '../../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '=HYPERLINK("http://x")',
    '@SUM(1)',
    '9'.repeat(400),
    '-1',
    '0',
    '1e309',
    'NaN',
    'null',
    'true',
    '{}',
    '[]',
    '😀',
    '\t',
    '\r\n',
    'a'.repeat(5000),
    HUGE,
    '2026-02-30',
    '0000-00-00',
    '9999-12-31T99:99:99Z',
    'http://',
    'javascript:alert(1)',
    '\\',
    '"',
    '%',
    '*',
    '_',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    1,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    Number.MAX_SAFE_INTEGER + 2,
    -1e308,
    1e308,
    0.5,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileText, fc.constantFrom('__proto__', 'constructor')), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Raw bodies JSON.stringify would not write: deep nesting, a `__proto__` key, bad JSON, too big. */
const RAW_BODIES = [
  '['.repeat(100_000) + ']'.repeat(100_000),
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  '{"nombre":"a\\u0000b"}',
  '{"nombre":"\\ud800"}',
  '{"nombre":',
  '\u0000',
  `{"nombre":"${'x'.repeat(2 * 1024 * 1024)}"}`,
];
const hostileId = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '99999999999999999999',
    '1.5',
    '1e3',
    'abc',
    '1 or 1=1',
    '%00',
    'a%00b',
    '%C0%80',
    '%ED%A0%80',
    '..',
    '%2e%2e',
    '%25',
    'x'.repeat(3000),
  ),
  hostileText.map((s) => percent(s.slice(0, 200)).replace(/%25/g, '%')),
);

interface Case {
  op: number;
  session: boolean;
  params: string[];
  query: [string, unknown][];
  body:
    | { kind: 'fields'; value: [string, unknown][] }
    | { kind: 'value'; value: unknown }
    | { kind: 'raw'; index: number }
    | { kind: 'none' };
}

function caseOf(ops: Operation[]): fc.Arbitrary<Case> {
  return fc.integer({ min: 0, max: ops.length - 1 }).chain((op) => {
    const o = ops[op]!;
    const fieldNames = fc.oneof(
      fc.constantFrom(...o.body, ...o.query, 'q', 'page', 'size', 'sort', '__proto__'),
      hostileText,
    );
    return fc.record({
      op: fc.constant(op),
      session: fc.boolean(),
      params: fc.tuple(...o.params.map(() => hostileId)),
      query: fc.array(
        fc.tuple(o.query.length ? fc.oneof(fc.constantFrom(...o.query), fieldNames) : fieldNames, hostileValue),
        { maxLength: 4 },
      ),
      body: fc.oneof(
        fc.record({
          kind: fc.constant('fields' as const),
          value: fc.array(fc.tuple(o.body.length ? fc.constantFrom(...o.body) : fieldNames, hostileValue), {
            maxLength: 6,
          }),
        }),
        fc.record({ kind: fc.constant('value' as const), value: hostileValue }),
        fc.record({ kind: fc.constant('raw' as const), index: fc.integer({ min: 0, max: RAW_BODIES.length - 1 }) }),
        fc.constant({ kind: 'none' as const }),
      ),
    });
  });
}

/** Percent-encoding that, unlike encodeURIComponent, writes a lone surrogate too (as its WTF-8 bytes). */
function percent(text: string): string {
  return text
    .replace(/[\uD800-\uDFFF]/g, (unit, at: number) => {
      const code = unit.charCodeAt(0);
      const pairs =
        code < 0xdc00 ? /[\uDC00-\uDFFF]/.test(text[at + 1] ?? '') : /[\uD800-\uDBFF]/.test(text[at - 1] ?? '');
      if (pairs) return unit;
      return `\u0001${[0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')}\u0001`;
    })
    .split('\u0001')
    .map((part, i) => (i % 2 ? part : encodeURIComponent(part)))
    .join('');
}

function queryString(pairs: [string, unknown][]): string {
  const parts = pairs.map(([k, v]) => {
    const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
    return `${percent(k.slice(0, 100))}=${percent(text.slice(0, 2000))}`;
  });
  return parts.length ? `?${parts.join('&')}` : '';
}

function bodyOf(c: Case): string | undefined {
  switch (c.body.kind) {
    case 'none':
      return undefined;
    case 'raw':
      return RAW_BODIES[c.body.index];
    case 'value':
      return JSON.stringify(c.body.value);
    case 'fields': {
      // Written as text, so that a `__proto__` field stays a field.
      return `{${c.body.value.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
    }
  }
}

/** A refusal says why in Spanish, inside the envelope. */
function enSobre(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' && parsed.error.length > 0 && !/^[A-Z][a-z]+ [A-Z]/.test(parsed.error);
  } catch {
    return false;
  }
}

let fuzzUser: number;
let token = '';
const ctx = freshApp(useTemplate(), [], {
  clone: { cambios: true },
  setup: async ({ t }) => {
    fuzzUser = (await createUser(t.db, { usuario: 'fuzz', codigos: PERMISSION_CODES })).id;
  },
});

/** A session for the fuzz user; a request may have logged it out, changed its password or deactivated it. */
async function renewSession(): Promise<void> {
  await ctx.t.db.update(usuarios).set({ activo: true }).where(eq(usuarios.id, fuzzUser));
  token = await createSession(ctx.t.db, { usuarioId: fuzzUser, ttlHours: 1, ip: '127.0.0.1' });
}

describe(`hostile input on every route (${REQUESTS} requests, seed ${SEED})`, () => {
  it('never answers 5xx, with or without a session', async () => {
    const ops = operationsOf(ctx.t.app.swagger() as Parameters<typeof operationsOf>[0]).filter((o) =>
      o.path.startsWith('/api'),
    );
    expect(ops.length).toBeGreaterThan(100);
    await renewSession();
    const failures: string[] = [];
    const unwrapped: string[] = [];
    const statuses = new Map<number, number>();
    const routesHit = new Set<number>();
    let sent = 0;
    // In batches, so that no more than a batch of cases (some with 300 kB strings) is held at once.
    for (let batch = 0; sent < REQUESTS; batch += 1) {
      const cases = fc.sample(caseOf(ops), { numRuns: Math.min(100, REQUESTS - sent), seed: SEED + batch });
      for (const c of cases) {
        const o = ops[c.op]!;
        let i = 0;
        const url = o.path.replace(/\{[^}]+\}/g, () => c.params[i++] ?? '1') + queryString(c.query);
        const payload = bodyOf(c);
        const res = await ctx.t.app.inject({
          method: o.method,
          url,
          headers: {
            ...(c.session ? { authorization: `Bearer ${token}` } : {}),
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        sent += 1;
        routesHit.add(c.op);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        // The error intake answers in Sentry's protocol, not the portal's envelope.
        if (res.statusCode >= 400 && !o.path.includes('{project_id}') && !enSobre(res.body))
          unwrapped.push(`${res.statusCode} ${o.method} ${url.slice(0, 200)} → ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 500)
          failures.push(
            `${res.statusCode} ${o.method} ${url.slice(0, 300)} ${(payload ?? '').slice(0, 300)} → ${res.body.slice(0, 200)}`,
          );
        if (c.session && res.statusCode === 401) await renewSession();
      }
    }
    console.info(
      `fuzz: ${sent} solicitudes a ${routesHit.size}/${ops.length} rutas, semilla ${SEED}; estados ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures, `semilla ${SEED} (FUZZ_SEED=${SEED} la repite)`).toEqual([]);
    expect(unwrapped, `semilla ${SEED}: errores fuera del sobre { error, datos }`).toEqual([]);
    expect(routesHit.size).toBeGreaterThan(ops.length * 0.9);
    // The routes added for imports, recorded bulk actions, webhooks and sessions are among those sent.
    const sentPaths = [...routesHit].map((op) => ops[op]!.path);
    for (const family of [
      /\/importaciones\/\{id\}/,
      /\/lotes\/\{id\}\/(continuar|deshacer)$/,
      /^\/api\/alertas\/webhooks/,
      /^\/api\/auth\/(sesiones|renovar)/,
    ]) {
      expect(
        sentPaths.some((p) => family.test(p)),
        String(family),
      ).toBe(true);
    }
  }, 240_000);
});
