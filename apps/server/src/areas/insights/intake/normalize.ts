import { createHash, randomUUID } from 'node:crypto';
import type { Breadcrumb, Evento, ExceptionValue, Frame, Nivel, Thread } from '@intranet/contract/areas/insights';
import { userAgentContexts } from '../../../core/user-agent.ts';

/** What the intake reads of an event: the event's columns and its grouping (the event itself is kept as sent). */
export interface EventoResumido {
  eventId: string;
  fecha: Date;
  nivel: Nivel;
  /** First line, for the events list. */
  mensaje: string;
  release: string | null;
  environment: string | null;
  usuario: string | null;
  tags: Record<string, string>;
  /** Grouping: the key within its project, and what the issue shows. */
  huella: string;
  fingerprint: string[];
  titulo: string;
  culprit: string;
  tipo: string | null;
}

/** The contract's `evento` without navigation: what the issue detail shows of one event. */
export type EventoDatos = Omit<Evento, 'anterior' | 'siguiente' | 'issue_id' | 'recibido'>;

/** A Sentry event normalised whole: its columns and grouping, plus `datos` as the contract's `evento`. */
export interface EventoNormalizado extends EventoResumido {
  datos: EventoDatos;
}

export class EventoInvalido extends Error {}

// ES2024's well-formed strings: Node 20 has them; the project's `lib` stops at ES2023.
declare global {
  interface String {
    isWellFormed(): boolean;
    toWellFormed(): string;
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Text PostgreSQL takes: without NUL and with any lone UTF-16 surrogate replaced (it refuses both in text
 * and jsonb), cut to `max` characters (not inside a surrogate pair).
 */
function texto(v: unknown, max = 2000): string | null {
  if (typeof v === 'number' || typeof v === 'boolean') v = String(v);
  if (typeof v !== 'string') return null;
  let clean = v.includes('\0') ? v.replaceAll('\0', '') : v;
  if (clean.length > max) clean = `${clean.slice(0, max - 1)}…`;
  return clean.isWellFormed() ? clean : clean.toWellFormed();
}

/** Free-form data (extra, contexts, request data) bounded in depth, width and text size. */
function libre(v: unknown, depth = 0): unknown {
  if (v === null || typeof v === 'number' || typeof v === 'boolean')
    return Number.isFinite(v) || typeof v !== 'number' ? v : null;
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

const NIVEL_DE: Record<string, Nivel> = {
  fatal: 'fatal',
  critical: 'fatal',
  error: 'error',
  warning: 'warning',
  warn: 'warning',
  info: 'info',
  log: 'info',
  debug: 'debug',
};

/** Seconds since the epoch (float) or an ISO text; anything else, or a date far off, is the arrival time. */
function instante(v: unknown, ahora: Date): Date {
  const d = typeof v === 'number' ? new Date(v * 1000) : typeof v === 'string' ? new Date(v) : undefined;
  if (!d || Number.isNaN(d.getTime())) return ahora;
  const year = d.getUTCFullYear();
  return year < 2000 || year > 9999 ? ahora : d;
}

const lineas = (v: unknown, max: number): string[] =>
  Array.isArray(v) ? v.slice(-max).map((l) => texto(l, 500) ?? '') : [];

function frameDe(v: unknown): Frame {
  const f = isObj(v) ? v : {};
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  return {
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
    vars: isObj(f.vars) && Object.keys(f.vars).length > 0 ? libreObj(f.vars) : null,
  };
}

function excepcionDe(v: unknown): ExceptionValue {
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

/** Packages kept at most, in the order sent (a large Python environment has a few hundred). */
const MAX_MODULOS = 1000;

function modulosDe(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObj(v)) return out;
  let n = 0;
  for (const [nombre, version] of Object.entries(v)) {
    if (n++ === MAX_MODULOS) break;
    const t = texto(version, 100);
    if (t !== null) out[texto(nombre, 200) ?? ''] = t;
  }
  return out;
}

/** Threads shown at most (a Java crash sends every thread of the process), those with frames. */
const MAX_HILOS = 50;

function hilosDe(v: unknown): Thread[] {
  const out: Thread[] = [];
  for (const h of valores(v)) {
    if (out.length === MAX_HILOS) break;
    if (!isObj(h)) continue;
    const st = isObj(h.stacktrace) ? h.stacktrace : isObj(h.raw_stacktrace) ? h.raw_stacktrace : {};
    const frames = Array.isArray(st.frames) ? st.frames : [];
    if (frames.length === 0) continue;
    out.push({
      id: texto(h.id, 100),
      name: texto(h.name, 200),
      crashed: h.crashed === true,
      current: h.current === true,
      frames: (frames.length > 250 ? frames.slice(-250) : frames).map(frameDe),
    });
  }
  return out;
}

function breadcrumbDe(v: unknown, ahora: Date): Breadcrumb {
  const b = isObj(v) ? v : {};
  return {
    timestamp: b.timestamp === undefined ? null : instante(b.timestamp, ahora).toISOString(),
    type: texto(b.type, 100),
    category: texto(b.category, 200),
    level: texto(b.level, 20),
    message: texto(b.message, 2000),
    data: isObj(b.data) ? libreObj(b.data) : null,
  };
}

function mensajeDe(e: Obj): string | null {
  const m = e.message ?? e.logentry;
  if (typeof m === 'string') return texto(m, 8000);
  if (isObj(m)) return texto(m.formatted, 8000) ?? texto(m.message, 8000);
  const le = e.logentry;
  return isObj(le) ? (texto(le.formatted, 8000) ?? texto(le.message, 8000)) : null;
}

function tagsDe(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const pares = Array.isArray(v)
    ? v.filter(Array.isArray).map((p) => [p[0], p[1]] as const)
    : isObj(v)
      ? Object.entries(v)
      : [];
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
  const h = Array.isArray(v.headers)
    ? Object.fromEntries(v.headers.filter(Array.isArray).map((p) => [p[0], p[1]]))
    : v.headers;
  if (isObj(h))
    for (const [k, x] of Object.entries(h).slice(0, 50)) headers[texto(k, 200) ?? ''] = texto(x, 1000) ?? '';
  const qs = v.query_string;
  return {
    url: texto(v.url, 2000),
    method: texto(v.method, 20),
    query_string:
      typeof qs === 'string'
        ? texto(qs, 2000)
        : isObj(qs) || Array.isArray(qs)
          ? texto(JSON.stringify(libre(qs)), 2000)
          : null,
    headers,
    data: v.data === undefined ? null : libre(v.data),
  };
}

const contextsDe = (v: unknown): Record<string, Obj> => {
  const out: Record<string, Obj> = {};
  if (isObj(v))
    for (const [k, x] of Object.entries(v).slice(0, 30)) if (isObj(x)) out[texto(k, 100) ?? ''] = libreObj(x);
  return out;
};

/** The User-Agent among the headers of the event's request (the browser SDK sends it there), as sent. */
function agenteDe(raw: Obj): string | null {
  if (!isObj(raw.request)) return null;
  const h = raw.request.headers;
  const pares = Array.isArray(h) ? h.filter(Array.isArray).map((p) => [p[0], p[1]]) : isObj(h) ? Object.entries(h) : [];
  const ua = pares.find(([k]) => typeof k === 'string' && k.toLowerCase() === 'user-agent')?.[1];
  return typeof ua === 'string' && ua.trim() !== '' ? ua.slice(0, 1000) : null;
}

/**
 * The contexts as sent, with the browser, system and device the request's User-Agent names where the SDK sent none
 * of its own (a browser's events), as Sentry does: its tags and the event's detail show them.
 */
function contextsConAgente(raw: Obj): Obj {
  const sent = isObj(raw.contexts) ? raw.contexts : {};
  if (isObj(sent.browser) && isObj(sent.os)) return sent;
  const ua = agenteDe(raw);
  if (!ua) return sent;
  const derivados = userAgentContexts(ua);
  return { ...derivados, ...sent };
}

/**
 * The outermost exception as grouping needs it: its type and value, and the culprit, its top in-app frame
 * ("src/cart.js in addItem"), else its crashing frame. Read from the event as sent, cut as `excepcionDe`
 * and `frameDe` cut what the detail shows.
 */
function exteriorDe(
  raw: Obj,
):
  | { tipo: string | null; valor: string | null; culprit: string | null; mecanismo: ExceptionValue['mechanism'] }
  | undefined {
  const values = valores(raw.exception).slice(-10);
  if (values.length === 0) return undefined;
  const last = values.at(-1);
  const e = isObj(last) ? last : {};
  const st = isObj(e.stacktrace) ? e.stacktrace : isObj(e.raw_stacktrace) ? e.raw_stacktrace : {};
  const all = Array.isArray(st.frames) ? st.frames : [];
  const frames = all.length > 250 ? all.slice(-250) : all;
  let frame: Obj | undefined;
  for (let i = frames.length - 1; i >= 0 && !frame; i--) {
    const f: unknown = frames[i];
    if (isObj(f) && f.in_app === true) frame = f;
  }
  if (!frame && frames.length > 0) {
    const f: unknown = frames.at(-1);
    frame = isObj(f) ? f : {};
  }
  const culprit = frame
    ? `${texto(frame.module, 500) ?? texto(frame.filename, 500) ?? texto(frame.abs_path, 1000) ?? '?'} in ${texto(frame.function, 500) ?? '?'}`
    : null;
  const m = isObj(e.mechanism) ? e.mechanism : null;
  const mecanismo = m ? { type: texto(m.type, 100), handled: typeof m.handled === 'boolean' ? m.handled : null } : null;
  return { tipo: texto(e.type, 500), valor: texto(e.value, 4000), culprit, mecanismo };
}

const primeraLinea = (s: string, max: number) => {
  const line = s.split('\n', 1)[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** `{{ default }}` (any spacing) in an event's own fingerprint stands for the default grouping. */
const DEFAULT_PART = /^\{\{\s*default\s*\}\}$/;

/**
 * Reads one Sentry event's columns and grouping, and nothing else: the intake keeps the event as sent and
 * `normalizarEvento` builds the rest when it is shown. Throws EventoInvalido for something that is not an
 * event object; everything else is tolerated, cut to size and given defaults, as Sentry's own intake does.
 */
export function resumirEvento(
  raw: unknown,
  opts: { ahora: Date; eventIdDefecto?: string | undefined },
): EventoResumido {
  if (!isObj(raw)) throw new EventoInvalido('El evento debe ser un objeto JSON');
  const { ahora } = opts;
  // The event's own id, else the envelope's (or, reading a stored event, its row's), else a new one.
  const limpio = (v: unknown) => (typeof v === 'string' ? v.replaceAll('-', '').toLowerCase() : '');
  const eventId =
    [limpio(raw.event_id), limpio(opts.eventIdDefecto)].find((x) => /^[0-9a-f]{32}$/.test(x)) ??
    randomUUID().replaceAll('-', '');
  const nivel = NIVEL_DE[String(raw.level ?? 'error').toLowerCase()] ?? 'error';
  const mensaje = mensajeDe(raw);
  const transaction = texto(raw.transaction, 500);
  const release = texto(raw.release, 200);
  const environment = texto(raw.environment, 100);

  const outer = exteriorDe(raw);
  const tipo = outer?.tipo ?? null;
  const titulo = outer
    ? primeraLinea(
        outer.tipo && outer.valor ? `${outer.tipo}: ${outer.valor}` : (outer.tipo ?? outer.valor ?? mensaje ?? 'Error'),
        300,
      )
    : primeraLinea(mensaje ?? '<sin mensaje>', 300) || '<sin mensaje>';
  const culprit = outer?.culprit ?? transaction ?? texto(raw.culprit, 500) ?? '';

  const defecto = outer ? [outer.tipo ?? '', outer.valor ?? '', culprit] : [mensaje ?? '', culprit];
  const propio = Array.isArray(raw.fingerprint) ? raw.fingerprint.slice(0, 20).map((p) => texto(p, 500) ?? '') : [];
  const fingerprint = propio.length > 0 ? propio.flatMap((p) => (DEFAULT_PART.test(p) ? defecto : [p])) : defecto;
  const huella = createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex');

  const user = isObj(raw.user) ? libreObj(raw.user) : null;
  const usuario = user
    ? (texto(user.email, 200) ?? texto(user.username, 200) ?? texto(user.id, 200) ?? texto(user.ip_address, 100))
    : null;
  const url = isObj(raw.request) ? texto(raw.request.url, 2000) : null;
  const tags = derivedTags(tagsDe(raw.tags), {
    nivel,
    release,
    environment,
    serverName: texto(raw.server_name, 200),
    url,
    usuario,
    logger: texto(raw.logger, 200),
    dist: texto(raw.dist, 100),
    mecanismo: outer?.mecanismo ?? null,
    contexts: contextsConAgente(raw),
  });

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
  };
}

/** Whether stored `datos` are already normalised (events stored before they were kept as sent, or too large). */
export function esNormalizado(d: unknown): d is EventoDatos {
  return isObj(d) && typeof d.nivel === 'string' && typeof d.mensaje === 'string' && Array.isArray(d.exception);
}

/** One Sentry event normalised whole: `resumirEvento` plus the event as the contract's `evento` (the detail). */
export function normalizarEvento(
  raw: unknown,
  opts: { ahora: Date; eventIdDefecto?: string | undefined },
): EventoNormalizado {
  const r = resumirEvento(raw, opts);
  const e = raw as Obj;
  return {
    ...r,
    datos: {
      event_id: r.eventId,
      fecha: r.fecha.toISOString(),
      nivel: r.nivel,
      mensaje: mensajeDe(e) ?? r.titulo,
      release: r.release,
      environment: r.environment,
      usuario: r.usuario,
      platform: texto(e.platform, 50),
      server_name: texto(e.server_name, 200),
      transaction: texto(e.transaction, 500),
      exception: valores(e.exception).slice(-10).map(excepcionDe),
      threads: hilosDe(e.threads),
      breadcrumbs: valores(e.breadcrumbs)
        .slice(-100)
        .map((b) => breadcrumbDe(b, opts.ahora)),
      request: requestDe(e.request),
      user: isObj(e.user) ? libreObj(e.user) : null,
      tags: Object.entries(r.tags).map(([key, value]) => ({ key, value })),
      contexts: contextsDe(contextsConAgente(e)),
      extra: libreObj(e.extra),
      modules: modulosDe(e.modules),
      sdk: isObj(e.sdk) ? { name: texto(e.sdk.name, 100), version: texto(e.sdk.version, 50) } : null,
      fingerprint: r.fingerprint,
    },
  };
}

/**
 * Like Sentry, the tag breakdown also shows the level, release, distribution, environment, logger, URL, user,
 * browser, OS and runtime, whether the outermost exception was handled (`handled`: yes or no) and by what
 * (`mechanism`: onerror, celery…), and the device: its model (`SM-S918B`, `iPhone14,3`; the name where the context has
 * no model, as one worked out from a User-Agent may not) and, as `device.family`, the family a mobile SDK sends
 * (`Samsung`, `iOS`).
 */
function derivedTags(
  tags: Record<string, string>,
  e: {
    nivel: string;
    release: string | null;
    environment: string | null;
    serverName: string | null;
    url: string | null;
    usuario: string | null;
    logger: string | null;
    dist: string | null;
    mecanismo: ExceptionValue['mechanism'];
    contexts: Obj;
  },
): Record<string, string> {
  const out: Record<string, string> = { level: e.nivel };
  const put = (k: string, v: unknown) => {
    const t = texto(v, 200);
    if (t) out[k] = t;
  };
  put('release', e.release);
  put('environment', e.environment);
  put('server_name', e.serverName);
  put('url', e.url?.split('?')[0]);
  put('user', e.usuario);
  put('logger', e.logger);
  put('dist', e.dist);
  if (e.mecanismo?.handled !== null && e.mecanismo?.handled !== undefined)
    put('handled', e.mecanismo.handled ? 'yes' : 'no');
  put('mechanism', e.mecanismo?.type);
  const named = (c: unknown) =>
    isObj(c) && typeof c.name === 'string' ? [c.name, c.version].filter((x) => typeof x === 'string').join(' ') : null;
  put('browser', named(e.contexts.browser));
  put('os', named(e.contexts.os));
  put('runtime', named(e.contexts.runtime));
  const device = e.contexts.device;
  if (isObj(device)) {
    put('device', device.model || device.name);
    put('device.family', device.family);
  }
  return { ...out, ...tags };
}
