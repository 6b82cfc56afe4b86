// A form's unsaved values, kept in sessionStorage while it is edited, so that a reload (a new build, the offline
// worker's update, or the user's own) gives them back. Only a form's values: never a token, and never a field
// that holds a password or a secret. Cleared when the form is saved or cancelled.

const PREFIX = 'intranet:borrador:';
/** Fields never written down. */
const SECRET = /pass|contrase|secret|clave|token|codigo/i;

const editing = new Set<string>();
/** Set once the page is going: forms that close from then on keep their drafts for the page that comes back. */
let pageGoing = false;
const idleWaiters = new Set<() => void>();

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Dates travel as { $fecha: iso }, so they come back as dates. */
function encode(value: unknown, key = ''): Json | undefined {
  if (SECRET.test(key)) return undefined;
  if (value instanceof Date) return { $fecha: value.toISOString() };
  if (Array.isArray(value)) return value.map((v) => encode(v) ?? null);
  if (value !== null && typeof value === 'object') {
    if (typeof File !== 'undefined' && value instanceof Blob) return undefined;
    const out: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(value)) {
      const e = encode(v, k);
      if (e !== undefined) out[k] = e;
    }
    return out;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null)
    return value;
  return undefined;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.$fecha === 'string' && Object.keys(o).length === 1) return new Date(o.$fecha);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, decode(v)]));
  }
  return value;
}

export function saveDraft(id: string, values: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + id, JSON.stringify(encode(values) ?? null));
  } catch {
    // Storage full or refused: the form still works, only without a draft.
  }
}

export function readDraft(id: string): Record<string, unknown> | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + id);
    if (!raw) return null;
    const value = decode(JSON.parse(raw));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function clearDraft(id: string): void {
  try {
    sessionStorage.removeItem(PREFIX + id);
  } catch {
    // Nothing to clear.
  }
}

/**
 * The page is going: a reload onto a new build, or the error page that offers one. The whole screen is replaced
 * before the browser leaves (the error page goes up at once, the reload's answer may take a while on a busy
 * server), so the forms close: their drafts stay, for the page that comes back.
 */
export function keepDraftsOnClose(): void {
  pageGoing = true;
}

/**
 * A form closes: it was left inside the portal (saved, cancelled, another screen), so its draft goes, unless the page
 * is going.
 */
export function closeDraft(id: string): void {
  if (!pageGoing) clearDraft(id);
}

/** Says whether a form has unsaved changes; the offline worker's update waits until none has. */
export function setEditing(id: string, dirty: boolean): void {
  if (dirty) editing.add(id);
  else editing.delete(id);
  if (editing.size === 0) {
    for (const resolve of idleWaiters) resolve();
    idleWaiters.clear();
  }
}

/** Resolves once no form has unsaved changes. */
export function whenNoFormEditing(): Promise<void> {
  if (editing.size === 0) return Promise.resolve();
  return new Promise((resolve) => idleWaiters.add(resolve));
}
