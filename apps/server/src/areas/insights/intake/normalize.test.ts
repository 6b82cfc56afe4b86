import { describe, expect, it } from 'vitest';
import { normalizarEvento } from './normalize.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ahora = new Date('2026-11-29T10:00:00Z');
const tag = (datos: { tags: { key: string; value: string }[] }, key: string) =>
  datos.tags.find((t) => t.key === key)?.value;

describe('an event from a browser', () => {
  it('gets its browser and system from the User-Agent of its request, as tags and contexts', () => {
    const { datos } = normalizarEvento(
      {
        message: 'x',
        platform: 'javascript',
        request: { url: 'https://a.test/', headers: { 'User-Agent': CHROME_WINDOWS } },
      },
      { ahora },
    );
    expect(datos.contexts.browser).toEqual({ type: 'browser', name: 'Chrome', version: '131.0.0.0' });
    expect(datos.contexts.os).toEqual({ type: 'os', name: 'Windows', version: '10' });
    expect(datos.contexts.device).toBeUndefined();
    expect(tag(datos, 'browser')).toBe('Chrome 131.0.0.0');
    expect(tag(datos, 'os')).toBe('Windows 10');
    expect(tag(datos, 'device')).toBeUndefined();
  });

  it('reads headers sent as pairs, in any case, and names a phone as its device', () => {
    const { datos } = normalizarEvento(
      { message: 'x', request: { headers: [['user-agent', SAFARI_IPHONE]] } },
      { ahora },
    );
    expect(datos.contexts.browser).toMatchObject({ name: 'Mobile Safari', version: '17.5' });
    expect(datos.contexts.os).toMatchObject({ name: 'iOS', version: '17.5' });
    expect(datos.contexts.device).toMatchObject({ type: 'device', brand: 'Apple', model: 'iPhone' });
    expect(tag(datos, 'device')).toBe('iPhone');
    expect(tag(datos, 'device.family')).toBeUndefined();
  });

  it('tags the device a mobile SDK sends by its model and family, and by its name when it has no model', () => {
    const android = normalizarEvento(
      {
        message: 'x',
        platform: 'java',
        contexts: {
          device: { type: 'device', family: 'Samsung', model: 'SM-S918B', brand: 'samsung', model_id: 'UP1A' },
          os: { type: 'os', name: 'Android', version: '14' },
        },
      },
      { ahora },
    ).datos;
    expect(tag(android, 'device')).toBe('SM-S918B');
    expect(tag(android, 'device.family')).toBe('Samsung');
    expect(tag(android, 'os')).toBe('Android 14');
    const sinModelo = normalizarEvento({ message: 'x', contexts: { device: { name: 'Caja 3' } } }, { ahora }).datos;
    expect(tag(sinModelo, 'device')).toBe('Caja 3');
  });

  it('keeps the contexts its SDK sent over what the User-Agent says', () => {
    const { datos } = normalizarEvento(
      {
        message: 'x',
        contexts: { browser: { name: 'Firefox', version: '133.0' } },
        request: { headers: { 'User-Agent': CHROME_WINDOWS } },
      },
      { ahora },
    );
    expect(datos.contexts.browser).toEqual({ name: 'Firefox', version: '133.0' });
    expect(datos.contexts.os).toEqual({ type: 'os', name: 'Windows', version: '10' });
    expect(tag(datos, 'browser')).toBe('Firefox 133.0');
  });

  it('has no browser context without a User-Agent', () => {
    const { datos } = normalizarEvento({ message: 'x', platform: 'python' }, { ahora });
    expect(datos.contexts).toEqual({});
    expect(tag(datos, 'browser')).toBeUndefined();
  });
});

describe("a frame's local variables", () => {
  it('are kept as sent, bounded like any free-form data; a frame without them has null', () => {
    const frames = [
      { function: 'main', vars: {} },
      { function: 'cobrar', vars: { factura_id: '1234', largo: 'x'.repeat(9000), anidado: { a: [1, 2] } } },
    ];
    const { datos } = normalizarEvento({ exception: { values: [{ type: 'E', stacktrace: { frames } }] } }, { ahora });
    const [main, cobrar] = datos.exception[0]!.frames;
    expect(main!.vars).toBeNull();
    expect(cobrar!.vars).toMatchObject({ factura_id: '1234', anidado: { a: [1, 2] } });
    expect(String(cobrar!.vars!.largo).length).toBeLessThanOrEqual(8000);
  });
});

describe("an event's threads", () => {
  it("keeps each thread's stack as sent, the crashed and current ones marked, and leaves out those without frames", () => {
    const { datos } = normalizarEvento(
      {
        level: 'fatal',
        platform: 'java',
        exception: { values: [{ type: 'IllegalStateException', value: 'x', thread_id: 1 }] },
        threads: {
          values: [
            {
              id: 1,
              name: 'main',
              crashed: true,
              current: true,
              stacktrace: { frames: [{ function: 'run', module: 'com.acme.App', in_app: true }] },
            },
            { id: 2, name: 'FinalizerDaemon', crashed: false, current: false },
            {
              id: 3,
              name: 'OkHttp Dispatcher',
              stacktrace: { frames: [{ function: 'await' }, { function: 'park', module: 'sun.misc.Unsafe' }] },
            },
          ],
        },
      },
      { ahora },
    );
    expect(datos.threads?.map((h) => [h.id, h.name, h.crashed, h.current, h.frames.length])).toEqual([
      ['1', 'main', true, true, 1],
      ['3', 'OkHttp Dispatcher', false, false, 2],
    ]);
    expect(datos.threads?.[1]?.frames.at(-1)).toMatchObject({ function: 'park', module: 'sun.misc.Unsafe' });
  });

  it('has none for an event without threads', () => {
    expect(normalizarEvento({ message: 'x' }, { ahora }).datos.threads).toEqual([]);
  });
});

describe("an event's packages and the tags Sentry derives", () => {
  it('keeps the packages sent with their versions, and tags the logger, distribution and how the exception was caught', () => {
    const { datos } = normalizarEvento(
      {
        logger: 'django.request',
        dist: '42',
        modules: { django: '5.1.4', 'sentry-sdk': '2.19.0', roto: 3, nada: null },
        exception: { values: [{ type: 'ValueError', value: 'x', mechanism: { type: 'django', handled: false } }] },
      },
      { ahora },
    );
    expect(datos.modules).toEqual({ django: '5.1.4', 'sentry-sdk': '2.19.0', roto: '3' });
    expect(tag(datos, 'logger')).toBe('django.request');
    expect(tag(datos, 'dist')).toBe('42');
    expect(tag(datos, 'handled')).toBe('no');
    expect(tag(datos, 'mechanism')).toBe('django');
    const simple = normalizarEvento({ message: 'x' }, { ahora }).datos;
    expect(simple.modules).toEqual({});
    expect(['logger', 'dist', 'handled', 'mechanism'].map((k) => tag(simple, k))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
