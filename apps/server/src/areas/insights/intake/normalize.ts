import { createHash, randomUUID } from 'node:crypto';
import type { Breadcrumb, Evento, ExceptionValue, Frame, Nivel } from '@intranet/contract/insights';

/** The contract's `evento` as stored: without navigation, and frames and breadcrumbs without empty fields. */
export type EventoGuardado = Omit<Evento, 'anterior' | 'siguiente' | 'issue_id' | 'recibido' | 'exception' | 'breadcrumbs'> & {
  exception: (Omit<ExceptionValue, 'frames'> & { frames: Partial<Frame>[] })[];
  breadcrumbs: Partial<Breadcrumb>[];
};

/**
 * An event as stored back to the contract's shape. Frames and breadcrumbs are stored without their null
 * and empty fields (a third of a typical event: most frames have no module, no abs_path, no context), so
 * the intake writes and sends less; they are filled in here. Events stored whole read the same.
 */
export function completarEvento(d: EventoGuardado): Omit<Evento, 'anterior' | 'siguiente' | 'issue_id' | 'recibido'> {
  return {
    ...d,
    exception: d.exception.map((e) => ({ ...e, frames: e.frames.map((f) => ({ ...FRAME_VACIO, ...f })) })),
    breadcrumbs: d.breadcrumbs.map((b) => ({ ...BREADCRUMB_VACIO, ...b })),
  };
}

const FRAME_VACIO: Frame = { filename: null, abs_path: null, function: null, module: null, lineno: null, colno: null, in_app: false, context_line: null, pre_context: [], post_context: [] };
const BREADCRUMB_VACIO: Breadcrumb = { timestamp: null, type: null, category: null, level: null, message: null, data: null };

/** Drops the fields that `completarEvento` fills back in (null, false, empty lists). */
function sinVacios<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k in o) {
    const v = o[k];
    if (v !== null && v !== false && !(Array.isArray(v) && v.length === 0)) out[k] = v;
  }
  return out;
}

/** A Sentry event as the monitor stores it: the contract's `evento` minus navigation, plus its grouping. */
export interface EventoNormalizado {
  eventId: string;
  fecha: Date;
  nivel: Nivel;
  mensaje: string;
  release: string | null;
  environment: string | null;
  usuario: string | null;
  tags: Record<string, string>;
  datos: EventoGuardado;
  /** Grouping: the key within its project, and what the issue shows. */
  huella: string;
  fingerprint: string[];
  titulo: string;
  culprit: string;
  tipo: string | null;
}

export class EventoInvalido extends Error {}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Text without NUL (PostgreSQL refuses it in text and jsonb), cut to `max` characters. */
function texto(v: unknown, max = 2000): string | null {
  if (typeof v === 'number' || typeof v === 'boolean') v = String(v);
  if (typeof v !== 'string') return null;
  const clean = v.includes('\0') ? v.replaceAll('\0', '') : v;
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** Free-form data (extra, contexts, request data) bounded in depth, width and text size. */
function libre(v: unknown, depth = 0): unknown {
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return Number.isFinite(v) || typeof v !== 'number' ? v : null;
  if (typeof v === 'string') return texto(v, 8000);
  if (depth >= 6) return '[…]';
  if (Array.isArray(v)) return v.slice(0, 100).map((x) => libre(x, depth + 1));
  if (isObj(v)) {
    const out: Obj = {};
    let n = 0;
    for (const [k, x] of Object.entries(v)) {
      if (n++ >= 100) break;
      out[texto(k, 200) ?? ''] = libre(x, depth + 1);
    }
    return out;
  }
  return null;
}

const libreObj = (v: unknown): Obj => {
  const r = libre(v);
  return isObj(r) ? r : {};
};

/** Sentry interfaces arrive as `{values: [...]}` or as a bare list. */
const valores = (v: unknown): unknown[] => (Array.isArray(v) ? v : isObj(v) && Array.isArray(v.values) ? v.values : []);

const NIVEL_DE: Record<string, Nivel> = { fatal: 'fatal', critical: 'fatal', error: 'error', warning: 'warning', warn: 'warning', info: 'info', log: 'info', debug: 'debug' };

/** Seconds since the epoch (float) or an ISO text; anything else, or a date far off, is the arrival time. */
function instante(v: unknown, ahora: Date): Date {
  const d = typeof v === 'number' ? new Date(v * 1000) : typeof v === 'string' ? new Date(v) : undefined;
  if (!d || Number.isNaN(d.getTime())) return ahora;
  const year = d.getUTCFullYear();
  return year < 2000 || year > 9999 ? ahora : d;
}

const lineas = (v: unknown, max: number): string[] => (Array.isArray(v) ? v.slice(-max).map((l) => texto(l, 500) ?? '') : []);

function frameDe(v: unknown): Partial<Frame> {
  const f = isObj(v) ? v : {};
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  return sinVacios<Frame>({
    filename: texto(f.filename, 500),
    abs_path: texto(f.abs_path, 1000),
    function: texto(f.function, 500),
    module: texto(f.module, 500),
    lineno: num(f.lineno),
    colno: num(f.colno),
    in_app: f.in_app === true,
    context_line: texto(f.context_line, 500),
    pre_context: lineas(f.pre_context, 10),
    post_context: lineas(f.post_context, 10).slice(0, 10),
  });
}

function excepcionDe(v: unknown): EventoGuardado['exception'][number] {
  const e = isObj(v) ? v : {};
  const st = isObj(e.stacktrace) ? e.stacktrace : isObj(e.raw_stacktrace) ? e.raw_stacktrace : {};
  const frames = Array.isArray(st.frames) ? st.frames : [];
  // Keep the crashing end of very deep stacks (Sentry's order: oldest call first).
  const kept = frames.length > 250 ? frames.slice(-250) : frames;
  const m = isObj(e.mechanism) ? e.mechanism : null;
  return {
    type: texto(e.type, 500),
    value: texto(e.value, 4000),
    module: texto(e.module, 500),
    mechanism: m ? { type: texto(m.type, 100), handled: typeof m.handled === 'boolean' ? m.handled : null } : null,
    frames: kept.map(frameDe),
  };
}

function breadcrumbDe(v: unknown, ahora: Date): Partial<Breadcrumb> {
  const b = isObj(v) ? v : {};
  return sinVacios<Breadcrumb>({
    timestamp: b.timestamp === undefined ? null : instante(b.timestamp, ahora).toISOString(),
    type: texto(b.type, 100),
    category: texto(b.category, 200),
    level: texto(b.level, 20),
    message: texto(b.message, 2000),
    data: isObj(b.data) ? libreObj(b.data) : null,
  });
}

function mensajeDe(e: Obj): string | null {
  const m = e.message ?? e.logentry;
  if (typeof m === 'string') return texto(m, 8000);
  if (isObj(m)) return texto(m.formatted, 8000) ?? texto(m.message, 8000);
  const le = e.logentry;
  return isObj(le) ? texto(le.formatted, 8000) ?? texto(le.message, 8000) : null;
}

function tagsDe(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const pares = Array.isArray(v) ? v.filter(Array.isArray).map((p) => [p[0], p[1]] as const) : isObj(v) ? Object.entries(v) : [];
  for (const [k, x] of pares.slice(0, 50)) {
    const key = texto(k, 200);
    const value = texto(x, 200);
    if (key && value !== null) out[key] = value;
  }
  return out;
}

function requestDe(v: unknown): Evento['request'] {
  if (!isObj(v)) return null;
  const headers: Record<string, string> = {};
  const h = Array.isArray(v.headers) ? Object.fromEntries(v.headers.filter(Array.isArray).map((p) => [p[0], p[1]])) : v.headers;
  if (isObj(h)) for (const [k, x] of Object.entries(h).slice(0, 50)) headers[texto(k, 200) ?? ''] = texto(x, 1000) ?? '';
  const qs = v.query_string;
  return {
    url: texto(v.url, 2000),
    method: texto(v.method, 20),
    query_string: typeof qs === 'string' ? texto(qs, 2000) : isObj(qs) || Array.isArray(qs) ? texto(JSON.stringify(libre(qs)), 2000) : null,
    headers,
    data: v.data === undefined ? null : libre(v.data),
  };
}

const contextsDe = (v: unknown): Record<string, Obj> => {
  const out: Record<string, Obj> = {};
  if (isObj(v)) for (const [k, x] of Object.entries(v).slice(0, 30)) if (isObj(x)) out[texto(k, 100) ?? ''] = libreObj(x);
  return out;
};

/** The top in-app frame of the outermost exception ("src/cart.js in addItem"); else its crashing frame. */
function culpritDe(exception: EventoGuardado['exception']): string | null {
  const frames = exception.at(-1)?.frames ?? [];
  const frame = [...frames].reverse().find((f) => f.in_app) ?? frames.at(-1);
  if (!frame) return null;
  const where = frame.module ?? frame.filename ?? frame.abs_path ?? '?';
  return `${where} in ${frame.function ?? '?'}`;
}

const primeraLinea = (s: string, max: number) => {
  const line = s.split('\n', 1)[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** `{{ default }}` (any spacing) in an event's own fingerprint stands for the default grouping. */
const DEFAULT_PART = /^\{\{\s*default\s*\}\}$/;

/**
 * Validates and normalises one Sentry event. Throws EventoInvalido for something that is not an event
 * object; everything else is tolerated, cut to size and given defaults, as Sentry's own intake does.
 */
export function normalizarEvento(raw: unknown, opts: { ahora: Date; eventIdDefecto?: string | undefined }): EventoNormalizado {
  if (!isObj(raw)) throw new EventoInvalido('El evento debe ser un objeto JSON');
  const { ahora } = opts;
  const idText = typeof raw.event_id === 'string' ? raw.event_id.replaceAll('-', '').toLowerCase() : (opts.eventIdDefecto ?? '');
  const eventId = /^[0-9a-f]{32}$/.test(idText) ? idText : randomUUID().replaceAll('-', '');
  const exception = valores(raw.exception).slice(-10).map(excepcionDe);
  const breadcrumbs = valores(raw.breadcrumbs).slice(-100).map((b) => breadcrumbDe(b, ahora));
  const nivel = NIVEL_DE[String(raw.level ?? 'error').toLowerCase()] ?? 'error';
  const mensaje = mensajeDe(raw);
  const transaction = texto(raw.transaction, 500);
  const request = requestDe(raw.request);
  const user = isObj(raw.user) ? libreObj(raw.user) : null;
  const contexts = contextsDe(raw.contexts);
  const release = texto(raw.release, 200);
  const environment = texto(raw.environment, 100);
  const serverName = texto(raw.server_name, 200);

  const outer = exception.at(-1);
  const tipo = outer?.type ?? null;
  const titulo = outer
    ? primeraLinea(outer.type && outer.value ? `${outer.type}: ${outer.value}` : (outer.type ?? outer.value ?? mensaje ?? 'Error'), 300)
    : primeraLinea(mensaje ?? '<sin mensaje>', 300) || '<sin mensaje>';
  const culprit = culpritDe(exception) ?? transaction ?? texto(raw.culprit, 500) ?? '';

  const defecto = outer ? [outer.type ?? '', outer.value ?? '', culprit] : [mensaje ?? '', culprit];
  const propio = Array.isArray(raw.fingerprint) ? raw.fingerprint.slice(0, 20).map((p) => texto(p, 500) ?? '') : [];
  const fingerprint = propio.length > 0 ? propio.flatMap((p) => (DEFAULT_PART.test(p) ? defecto : [p])) : defecto;
  const huella = createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex');

  const usuario = user ? (texto(user.email, 200) ?? texto(user.username, 200) ?? texto(user.id, 200) ?? texto(user.ip_address, 100)) : null;
  const tags = derivedTags(tagsDe(raw.tags), { nivel, release, environment, serverName, request, usuario, contexts });
  const sdk = isObj(raw.sdk) ? { name: texto(raw.sdk.name, 100), version: texto(raw.sdk.version, 50) } : null;

  return {
    eventId,
    fecha: instante(raw.timestamp, ahora),
    nivel,
    mensaje: primeraLinea(mensaje ?? titulo, 1000),
    release,
    environment,
    usuario,
    tags,
    huella,
    fingerprint,
    titulo,
    culprit,
    tipo,
    datos: {
      event_id: eventId,
      fecha: instante(raw.timestamp, ahora).toISOString(),
      nivel,
      mensaje: mensaje ?? titulo,
      release,
      environment,
      usuario,
      platform: texto(raw.platform, 50),
      server_name: serverName,
      transaction,
      exception,
      breadcrumbs,
      request,
      user,
      tags: Object.entries(tags).map(([key, value]) => ({ key, value })),
      contexts,
      extra: libreObj(raw.extra),
      sdk,
      fingerprint,
    },
  };
}

/** Like Sentry, the tag breakdown also shows the level, release, environment, URL, user, browser and OS. */
function derivedTags(
  tags: Record<string, string>,
  e: { nivel: string; release: string | null; environment: string | null; serverName: string | null; request: Evento['request']; usuario: string | null; contexts: Record<string, Obj> },
): Record<string, string> {
  const out: Record<string, string> = { level: e.nivel };
  const put = (k: string, v: unknown) => {
    const t = texto(v, 200);
    if (t) out[k] = t;
  };
  put('release', e.release);
  put('environment', e.environment);
  put('server_name', e.serverName);
  put('url', e.request?.url?.split('?')[0]);
  put('user', e.usuario);
  const named = (c: Obj | undefined) => (c && typeof c.name === 'string' ? [c.name, c.version].filter((x) => typeof x === 'string').join(' ') : null);
  put('browser', named(e.contexts.browser));
  put('os', named(e.contexts.os));
  put('runtime', named(e.contexts.runtime));
  return { ...out, ...tags };
}
