import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { loginResponse, type LoginResponse } from '@intranet/contract/areas/auth';
import * as signInParsers from '@intranet/contract/shared/sign-in-parsers';
import { XSRF_HEADER } from '@intranet/contract/shared/http';
import { createHttpClient, isRelativeUrl, type HttpDeps } from './client.ts';
import { HttpError } from './HttpError.ts';

const ok = z.object({ error: z.null(), datos: z.number() });

function setup(response: () => Response, overrides: Partial<HttpDeps> = {}) {
  const calls: string[] = [];
  const fetchStub = vi.fn<typeof fetch>(async () => response());
  const deps: HttpDeps = {
    fetch: fetchStub,
    getToken: () => 'tok-123',
    readCookie: (name) => (name === 'XSRF-TOKEN' ? 'xsrf-abc' : null),
    closeDialogs: () => calls.push('closeDialogs'),
    navigate: (path) => {
      calls.push(`navigate ${path}`);
    },
    ...overrides,
  };
  const sent = () => {
    const init = fetchStub.mock.calls[0]?.[1];
    return { url: fetchStub.mock.calls[0]?.[0], init, headers: new Headers(init?.headers) };
  };
  return { http: createHttpClient(deps), calls, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('http client headers', () => {
  it('sends the Bearer token, JSON content type and cross-origin headers', async () => {
    const { http, sent } = setup(() => json(200, { error: null, datos: 1 }));
    await expect(http.get('/api/x', ok)).resolves.toEqual({ error: null, datos: 1 });
    const { headers, init } = sent();
    expect(init?.method).toBe('GET');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('leaves the token out with skipAuth, and the content headers out with skipHeaders', async () => {
    const { http, sent } = setup(() => json(200, { error: null, datos: 1 }));
    await http.get('assets/config.json', ok, { skipAuth: true, skipHeaders: true });
    const { headers } = sent();
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('Content-Type')).toBeNull();
    expect(headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('sends no Authorization header without a session', async () => {
    const { http, sent } = setup(() => json(200, { error: null, datos: 1 }), { getToken: () => null });
    await http.get('/api/x', ok);
    expect(sent().headers.has('Authorization')).toBe(false);
  });

  it('sends the body as JSON', async () => {
    const { http, sent } = setup(() => json(200, { error: null, datos: 1 }));
    await http.post('/api/auth/permisos', ['SER#VER'], ok);
    expect(sent().init?.body).toBe('["SER#VER"]');
    expect(sent().headers.get('Content-Type')).toBe('application/json');
  });

  it('omits the JSON content type on a bodiless POST (the server refuses an empty JSON body)', async () => {
    const { http, sent } = setup(() => json(200, { error: null, datos: 1 }));
    await http.post('/api/auth/logout', undefined, ok);
    expect(sent().headers.get('Content-Type')).toBeNull();
    expect(sent().init?.body).toBeUndefined();
  });
});

describe('http client anti-forgery copy', () => {
  it('copies the cookie into the header on a non-GET call to a relative URL', async () => {
    const { http, sent } = setup(() => json(200, { error: null, datos: 1 }));
    await http.post('/api/auth', { username: 'a', password: 'b' }, ok);
    expect(sent().headers.get(XSRF_HEADER)).toBe('xsrf-abc');
  });

  it.each(['GET', 'HEAD'] as const)('does not copy it on %s', async (method) => {
    const { http, sent } = setup(() => json(200, { error: null, datos: 1 }));
    await http.request(method, '/api/x', ok);
    expect(sent().headers.has(XSRF_HEADER)).toBe(false);
  });

  it.each(['https://api.example.com/api/auth', 'http://10.0.0.1/api', '//cdn.example.com/x'])(
    'does not copy it to the absolute URL %s',
    async (url) => {
      const { http, sent } = setup(() => json(200, { error: null, datos: 1 }));
      await http.post(url, {}, ok);
      expect(sent().headers.has(XSRF_HEADER)).toBe(false);
    },
  );

  it('sends no header when the cookie is missing', async () => {
    const { http, sent } = setup(() => json(200, { error: null, datos: 1 }), { readCookie: () => null });
    await http.delete('/api/x/1', ok);
    expect(sent().headers.has(XSRF_HEADER)).toBe(false);
  });

  it('tells relative from absolute URLs', () => {
    expect(isRelativeUrl('/api/auth')).toBe(true);
    expect(isRelativeUrl('api/auth')).toBe(true);
    expect(isRelativeUrl('HTTPS://x.example')).toBe(false);
  });
});

describe('http client answers and statuses', () => {
  it('parses a success with the contract schema', async () => {
    const session = { token: 't', usuario: { nombre: 'Ana', roles: ['Comercial'], usuario: 'ana' } };
    const { http } = setup(() => json(200, { error: null, datos: session }));
    await expect(http.post('/api/auth', {}, loginResponse)).resolves.toEqual({ error: null, datos: session });
  });

  it('rejects an answer that breaks the contract', async () => {
    const { http } = setup(() => json(200, { error: null, datos: 'uno' }));
    const error = await http.get('/api/x', ok).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Respuesta inesperada del servidor.');
  });

  it('on 401 closes dialogs, goes to /unauthorized and re-throws', async () => {
    const { http, calls } = setup(() => json(401, { error: 'Sesión inválida o vencida', datos: null }));
    const error = await http.get('/api/x', ok).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).message).toBe('Sesión inválida o vencida');
    expect(calls).toEqual(['closeDialogs', 'navigate /unauthorized']);
  });

  it('on 403 closes dialogs, goes to /forbidden and re-throws', async () => {
    const { http, calls } = setup(() => json(403, { error: 'Sin permiso', datos: null }));
    await expect(http.get('/api/x', ok)).rejects.toMatchObject({ status: 403, message: 'Sin permiso' });
    expect(calls).toEqual(['closeDialogs', 'navigate /forbidden']);
  });

  it('on 503 goes to /maintenance', async () => {
    const { http, calls } = setup(() => json(503, { error: 'El sitio esta en mantenimiento', datos: null }));
    await expect(http.get('/api/estado', ok)).rejects.toMatchObject({ status: 503 });
    expect(calls).toEqual(['navigate /maintenance']);
  });

  it('on a 503 with Retry-After (a busy server) stays put and rejects with the server message', async () => {
    const busy = { error: 'El servidor está ocupado; vuelva a intentarlo en unos segundos', datos: null };
    const { http, calls } = setup(
      () =>
        new Response(JSON.stringify(busy), {
          status: 503,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
        }),
    );
    await expect(http.get('/api/servidores', ok)).rejects.toMatchObject({ status: 503, body: busy, retryAfter: 2 });
    expect(calls).toEqual([]);
  });

  it('stays put on a quiet call', async () => {
    const { http, calls } = setup(() => json(403, { error: 'Sin permiso', datos: null }));
    await expect(http.get('/api/paquetes/last', ok, { quiet: true })).rejects.toMatchObject({ status: 403 });
    expect(calls).toEqual([]);
  });

  it('carries the field errors of a 400 and does not navigate', async () => {
    const body = { error: 'Datos inválidos', datos: null, campos: { username: ['Este campo es requerido'] } };
    const { http, calls } = setup(() => json(400, body));
    const error = (await http.post('/api/x', {}, ok).catch((e: unknown) => e)) as HttpError;
    expect(error.campos).toEqual({ username: ['Este campo es requerido'] });
    expect(calls).toEqual([]);
  });

  it('keeps the Spanish message of a 429', async () => {
    const text = 'Demasiados intentos fallidos. Vuelva a intentarlo en 15 minutos.';
    const { http } = setup(() => json(429, { error: text, datos: null }));
    await expect(http.post('/api/auth', {}, loginResponse)).rejects.toMatchObject({ status: 429, message: text });
  });

  it('turns a network failure into status 0', async () => {
    const { http } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http.get('/api/x', ok)).rejects.toMatchObject({
      status: 0,
      message: 'No se pudo conectar con el servidor.',
    });
  });

  it('reads a non-JSON error page without failing', async () => {
    const { http } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(http.get('/api/x', ok)).rejects.toMatchObject({ status: 502, body: null });
  });
});

describe('http client downloads', () => {
  it('answers the file as a Blob with the Bearer token', async () => {
    const { http, sent } = setup(
      () => new Response('a;b\n1;2\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    );
    const file = await http.blob('/api/servidores/export.csv');
    expect(await file.text()).toBe('a;b\n1;2\n');
    expect(sent().headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('handles a 403 like any call', async () => {
    const { http, calls } = setup(() => json(403, { error: 'Sin permiso', datos: null }));
    await expect(http.blob('/api/servidores/export.csv')).rejects.toMatchObject({ status: 403 });
    expect(calls).toEqual(['closeDialogs', 'navigate /forbidden']);
  });
});

/** A stand-in XMLHttpRequest: records what was sent and lets the test play the server's part. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  withCredentials = true;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  responseHeaders: Record<string, string> = {};
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = headers;
    this.onload?.();
  }
}

describe('http client uploads', () => {
  const uploadSetup = () => {
    const xhrs: FakeXhr[] = [];
    const { http, calls } = setup(() => json(200, {}), {
      createXhr: () => {
        const xhr = new FakeXhr();
        xhrs.push(xhr);
        return xhr as unknown as XMLHttpRequest;
      },
    });
    return { http, calls, xhr: () => xhrs[0]! };
  };

  it('sends the file as the body with its type, the token and the anti-forgery header, and reports progress', async () => {
    const { http, xhr } = uploadSetup();
    const file = new Blob(['0123456789'], { type: 'application/x-msdownload' });
    const progress: number[] = [];
    const answer = http.upload('/api/paquetes?nombre=a.exe', file, ok, {
      onProgress: (p) => progress.push(p.loaded / p.total),
    });
    expect(xhr().method).toBe('POST');
    expect(xhr().url).toBe('/api/paquetes?nombre=a.exe');
    expect(xhr().body).toBe(file);
    expect(xhr().headers).toMatchObject({
      'content-type': 'application/x-msdownload',
      authorization: 'Bearer tok-123',
      'x-xsrf-token': 'xsrf-abc',
    });
    xhr().upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
    xhr().upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true });
    xhr().answer(201, { error: null, datos: 7 });
    await expect(answer).resolves.toEqual({ error: null, datos: 7 });
    expect(progress).toEqual([0.5, 1]);
  });

  it('rejects with the server message of a 413, and with an AbortError when cancelled', async () => {
    const tooBig = uploadSetup();
    const failing = tooBig.http.upload('/api/archivos?nombre=x', new Blob(['x']), ok);
    tooBig.xhr().answer(413, { error: 'El archivo supera el tamaño máximo permitido (1 MB)', datos: null });
    await expect(failing).rejects.toMatchObject({
      status: 413,
      message: 'El archivo supera el tamaño máximo permitido (1 MB)',
    });

    const cancelled = uploadSetup();
    const controller = new AbortController();
    const pending = cancelled.http.upload('/api/archivos?nombre=x', new Blob(['x']), ok, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('goes to /forbidden on a 403 like any call, and names a dropped connection', async () => {
    const denied = uploadSetup();
    const forbidden = denied.http.upload('/api/paquetes', new Blob(['x']), ok);
    denied.xhr().answer(403, { error: 'Sin permiso', datos: null });
    await expect(forbidden).rejects.toMatchObject({ status: 403 });
    expect(denied.calls).toEqual(['closeDialogs', 'navigate /forbidden']);

    const dropped = uploadSetup();
    const lost = dropped.http.upload('/api/paquetes', new Blob(['x']), ok);
    dropped.xhr().onerror?.();
    await expect(lost).rejects.toMatchObject({
      status: 0,
      message: 'La subida se interrumpió: se perdió la conexión con el servidor.',
    });
  });
});

describe('http client schemas', () => {
  it('parses with a zod schema or a zod-free sign-in parser alike, typed by what it parses', async () => {
    const session = { token: 't', usuario: { nombre: 'Ana', roles: [], usuario: 'ana' } };
    const { http } = setup(() => json(200, { error: null, datos: session, extra: 1 }));
    const classic = http.post('/api/auth', {}, loginResponse);
    const twin = http.post('/api/auth', {}, signInParsers.loginResponse);
    expectTypeOf(classic).toEqualTypeOf<Promise<LoginResponse>>();
    expectTypeOf(twin).toEqualTypeOf<Promise<LoginResponse>>();
    // Only its type is checked: this answer does not fit `ok`, so the call's rejection is expected and caught.
    const other = http.get('/x', ok);
    other.catch(() => undefined);
    expectTypeOf(other).toEqualTypeOf<Promise<{ error: null; datos: number }>>();
    await expect(classic).resolves.toEqual({ error: null, datos: session });
    await expect(twin).resolves.toEqual({ error: null, datos: session });
  });

  it('refuses an answer the sign-in parser does not accept, as with zod', async () => {
    const { http } = setup(() => json(200, { error: null, datos: { token: 1 } }));
    await expect(http.post('/api/auth', {}, signInParsers.loginResponse)).rejects.toMatchObject({
      message: 'Respuesta inesperada del servidor.',
    });
  });
});
