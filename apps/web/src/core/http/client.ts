import { errorBody } from '@intranet/contract/shared/sign-in-parsers';
import { XSRF_COOKIE, XSRF_HEADER } from '@intranet/contract/shared/http';
import { EventSource } from 'eventsource';
import { messages } from '../messages.ts';
import { HttpError } from './HttpError.ts';

export interface RequestOptions {
  /** Do not send the session's Bearer token. */
  skipAuth?: boolean;
  /** Do not send the JSON content type and the cross-origin headers. */
  skipHeaders?: boolean;
  /** Throw on 401/403/503 without closing dialogs or navigating (background calls, sign-out). */
  quiet?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** What the client needs from the browser and the app; injected so it can be tested without either. */
export interface HttpDeps {
  fetch: typeof fetch;
  getToken: () => string | null;
  readCookie: (name: string) => string | null;
  closeDialogs: () => void;
  navigate: (path: string) => Promise<void> | void;
  /** Uploads go through XMLHttpRequest, the one browser API that reports upload progress. */
  createXhr?: () => XMLHttpRequest;
}

/** How far an upload has gone: bytes sent of the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions extends RequestOptions {
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * What parses an answer: a contract zod schema, or one of the contract's zod-free sign-in parsers
 * (sign-in-parsers.ts), which keep zod out of the /login bundle. Only `safeParse` is used.
 */
interface Schema {
  safeParse(input: unknown): { success: true; data: unknown } | { success: false };
}
type Output<S extends Schema> = Extract<ReturnType<S['safeParse']>, { success: true }>['data'];

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The "permissive cross-origin headers" the specification asks for, on every call unless skipped. */
const CROSS_ORIGIN_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Origin, X-Requested-With, Content-Type, Accept, Authorization',
};

const ABSOLUTE_URL = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/** A Retry-After given in seconds (the server never sends a date). */
const seconds = (value: string | null): number | null =>
  value !== null && /^\d{1,6}$/.test(value.trim()) ? Number(value) : null;

export const isRelativeUrl = (url: string): boolean => !ABSOLUTE_URL.test(url);

/** Where each status the specification names sends the user. */
const STATUS_ROUTES: Record<number, string> = { 401: '/unauthorized', 403: '/forbidden', 503: '/maintenance' };

export function createHttpClient(deps: HttpDeps) {
  function buildHeaders(method: Method, url: string, hasJsonBody: boolean, options: RequestOptions): Headers {
    const headers = new Headers();
    if (!options.skipHeaders) {
      headers.set('Accept', 'application/json');
      // A bodiless POST with a JSON content type is refused by the server as an empty JSON body.
      if (hasJsonBody || method === 'GET' || method === 'HEAD') headers.set('Content-Type', 'application/json');
      for (const [name, value] of Object.entries(CROSS_ORIGIN_HEADERS)) headers.set(name, value);
    }
    const token = options.skipAuth ? null : deps.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (method !== 'GET' && method !== 'HEAD' && isRelativeUrl(url)) {
      const xsrf = deps.readCookie(XSRF_COOKIE);
      if (xsrf) headers.set(XSRF_HEADER, xsrf);
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    return headers;
  }

  async function readJson(response: Response): Promise<unknown> {
    const text = await response.text();
    if (text === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }

  async function handleStatus(status: number, retryAfter: string | null): Promise<void> {
    const route = STATUS_ROUTES[status];
    if (!route) return;
    // A 503 with Retry-After is a busy server asking for a moment, not maintenance: the caller shows its message.
    if (status === 503 && retryAfter !== null) return;
    if (status !== 503) deps.closeDialogs();
    // On 401 the /unauthorized page ends the session: ending it here would let the session guard race
    // this navigation to /login.
    await deps.navigate(route);
  }

  /** Sends the call and applies the status handling; answers the response of a 2xx. */
  async function send(method: Method, url: string, body: unknown, options: RequestOptions): Promise<Response> {
    const isForm = body instanceof FormData;
    const hasJsonBody = body !== undefined && !isForm;
    const init: RequestInit = {
      method,
      headers: buildHeaders(method, url, hasJsonBody, options),
      credentials: 'same-origin',
    };
    if (isForm) init.body = body;
    else if (hasJsonBody) init.body = JSON.stringify(body);
    if (options.signal) init.signal = options.signal;

    let response: Response;
    try {
      response = await deps.fetch(url, init);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new HttpError(0, null, messages.http.sinConexion);
    }
    if (!response.ok) {
      const parsed = errorBody.safeParse(await readJson(response));
      const retryAfter = response.headers.get('retry-after');
      const error = new HttpError(
        response.status,
        parsed.success ? parsed.data : null,
        messages.http.error,
        seconds(retryAfter),
      );
      if (!options.quiet) await handleStatus(response.status, retryAfter);
      throw error;
    }
    return response;
  }

  /** A JSON call whose answer is parsed with the contract's schema. */
  async function request<S extends Schema>(
    method: Method,
    url: string,
    schema: S,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<Output<S>> {
    const response = await send(method, url, body, options);
    const parsed = schema.safeParse(await readJson(response));
    if (!parsed.success) throw new HttpError(response.status, null, messages.http.respuestaInesperada);
    return parsed.data;
  }

  /**
   * A file download (a list's CSV export), with the same headers and status handling; with a body it is a POST
   * (a download whose options, such as a password, do not belong in its URL).
   */
  async function blob(url: string, options: RequestOptions = {}, body?: unknown): Promise<Blob> {
    return (await send(body === undefined ? 'GET' : 'POST', url, body, options)).blob();
  }

  /**
   * Sends a file as the request body (its bytes, with its own content type) and parses the JSON answer with
   * the contract's schema. Same headers and status handling as every call, plus upload progress;
   * `options.signal` cancels it (rejecting with an AbortError).
   */
  function upload<S extends Schema>(
    url: string,
    file: Blob,
    schema: S,
    options: UploadOptions = {},
  ): Promise<Output<S>> {
    const headers = buildHeaders('POST', url, false, options);
    headers.set('Content-Type', file.type || 'application/octet-stream');
    return new Promise((resolve, reject) => {
      const xhr = (deps.createXhr ?? (() => new XMLHttpRequest()))();
      const abort = () => xhr.abort();
      if (options.signal?.aborted) return reject(new DOMException('Subida cancelada', 'AbortError'));
      options.signal?.addEventListener('abort', abort, { once: true });
      const done = () => options.signal?.removeEventListener('abort', abort);
      xhr.open('POST', url);
      xhr.withCredentials = false;
      headers.forEach((value, name) => {
        xhr.setRequestHeader(name, value);
      });
      xhr.upload.onprogress = (event) =>
        options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
      xhr.onload = () => {
        done();
        const text = xhr.responseText;
        let body: unknown;
        try {
          body = text === '' ? null : (JSON.parse(text) as unknown);
        } catch {
          body = undefined;
        }
        if (xhr.status < 200 || xhr.status >= 300) {
          const parsed = errorBody.safeParse(body);
          const retryAfter = xhr.getResponseHeader('retry-after');
          const error = new HttpError(
            xhr.status,
            parsed.success ? parsed.data : null,
            messages.http.error,
            seconds(retryAfter),
          );
          void (options.quiet ? Promise.resolve() : handleStatus(xhr.status, retryAfter)).then(() => reject(error));
          return;
        }
        const parsed = schema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new HttpError(xhr.status, null, messages.http.respuestaInesperada));
      };
      xhr.onerror = () => {
        done();
        reject(new HttpError(0, null, messages.http.subidaInterrumpida));
      };
      xhr.onabort = () => {
        done();
        reject(new DOMException('Subida cancelada', 'AbortError'));
      };
      xhr.send(file);
    });
  }

  /**
   * A stream of server-sent events (the live lists'), sent the session's token: an EventSource that reconnects
   * by itself. A refused stream just closes; it never sends the user anywhere (the screen's own calls do).
   */
  function events(url: string): EventSource {
    return new EventSource(url, {
      fetch: (input, init) => {
        const headers = Object.fromEntries(buildHeaders('GET', url, false, { skipHeaders: true }));
        return deps.fetch(input, { ...init, headers: { ...init.headers, ...headers } });
      },
    });
  }

  return {
    request,
    blob,
    upload,
    events,
    get: <S extends Schema>(url: string, schema: S, options?: RequestOptions) =>
      request('GET', url, schema, undefined, options),
    post: <S extends Schema>(url: string, body: unknown, schema: S, options?: RequestOptions) =>
      request('POST', url, schema, body, options),
    put: <S extends Schema>(url: string, body: unknown, schema: S, options?: RequestOptions) =>
      request('PUT', url, schema, body, options),
    patch: <S extends Schema>(url: string, body: unknown, schema: S, options?: RequestOptions) =>
      request('PATCH', url, schema, body, options),
    delete: <S extends Schema>(url: string, schema: S, options?: RequestOptions) =>
      request('DELETE', url, schema, undefined, options),
  };
}
