import type { RuntimeConfig } from './config.ts';
import type { ErrorBody, FieldErrors } from './envelope.ts';
import { PASSWORD_MAX, REQUIRED, USERNAME_MAX } from './texts.ts';

/**
 * Zod-free twins of the schemas the browser parses before and during sign-in: the login form, the runtime
 * configuration, the sign-in answer, the server's state and the error envelope. They keep zod out of the
 * /login bundle: zod's core is one set of modules shared with every screen's classic schemas, so even
 * zod/mini would bring ~15 kB gzip of it there. The server and every other screen keep the zod schemas
 * (areas/auth.ts, config.ts, envelope.ts, estado.ts); areas/auth/sign-in-parsers.test.ts checks each pair accepts,
 * refuses, cleans and words the same and that the types match: change both together.
 */

// The shapes read here, written out rather than imported from areas/auth.ts and estado.ts (those import zod, and
// auth.ts is an area's schemas); areas/auth/sign-in-parsers.test.ts checks each equals its zod schema's output type.
interface LoginRequest {
  username: string;
  password: string;
}
interface Sesion {
  token: string;
  usuario: { nombre: string; roles: string[]; usuario: string; segundo_factor_pendiente?: boolean | undefined };
}
interface LoginResponse {
  error: string | null;
  datos: Sesion | null;
  segundo_paso?: { desafio: string } | undefined;
}
interface Estado {
  version: string;
}

export interface ParseIssue {
  path: string[];
  message: string;
}
export type ParseResult<T> = { success: true; data: T } | { success: false; error: { issues: ParseIssue[] } };
/** The part of a zod schema's interface the web's http layer and login form use. */
export interface Parser<T> {
  safeParse(input: unknown): ParseResult<T>;
}

const FAIL: unique symbol = Symbol('inválido');
type Reader<T> = (input: unknown) => T | typeof FAIL;

const isRecord = (input: unknown): input is Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input);

const string: Reader<string> = (input) => (typeof input === 'string' ? input : FAIL);
const nothing: Reader<null> = (input) => (input === null ? null : FAIL);
const boolean: Reader<boolean> = (input) => (typeof input === 'boolean' ? input : FAIL);
/** An optional key: absent stays absent. */
const optional =
  <T>(read: Reader<T>): Reader<T | undefined> =>
  (input) =>
    input === undefined ? undefined : read(input);
const nullable =
  <T>(read: Reader<T>): Reader<T | null> =>
  (input) =>
    input === null ? null : read(input);

function array<T>(read: Reader<T>): Reader<T[]> {
  return (input) => {
    if (!Array.isArray(input)) return FAIL;
    const out: T[] = [];
    for (const item of input) {
      const value = read(item);
      if (value === FAIL) return FAIL;
      out.push(value);
    }
    return out;
  };
}

/** Like z.object: every key required, unknown keys dropped. */
function object<T>(shape: { [K in keyof T]: Reader<T[K]> }): Reader<T> {
  return (input) => {
    if (!isRecord(input)) return FAIL;
    const out: Partial<T> = {};
    for (const key of Object.keys(shape) as (keyof T & string)[]) {
      const value = shape[key](input[key]);
      if (value === FAIL) return FAIL;
      if (value !== undefined) out[key] = value;
    }
    return out as T;
  };
}

/** A parser whose only message is zod's generic one (answers are never shown field by field). */
function parser<T>(read: Reader<T>): Parser<T> {
  return {
    safeParse(input) {
      const data = read(input);
      return data === FAIL
        ? { success: false, error: { issues: [{ path: [], message: 'Invalid input' }] } }
        : { success: true, data };
    },
  };
}

const envelope = <T>(datos: Reader<T>) =>
  object<{ error: string | null; datos: T }>({ error: nullable(string), datos });

const sesion = object<Sesion>({
  token: string,
  usuario: object<Sesion['usuario']>({
    nombre: string,
    roles: array(string),
    usuario: string,
    segundo_factor_pendiente: optional(boolean),
  }),
});

/** Twin of auth.ts `loginResponse`. */
/** Twin of auth.ts `oidcProveedor`: the OpenID provider's name for the login button, or null. */
export const oidcProveedor: Parser<{ error: string | null; datos: { nombre: string } | null }> = parser(
  envelope(nullable(object<{ nombre: string }>({ nombre: string }))),
);

export const loginResponse: Parser<LoginResponse> = parser(
  object<LoginResponse>({
    error: nullable(string),
    datos: nullable(sesion),
    segundo_paso: optional(object<{ desafio: string }>({ desafio: string })),
  }),
);

/** Twin of config.ts `runtimeConfig`. */
export const runtimeConfig: Parser<RuntimeConfig> = parser(
  object<RuntimeConfig>({
    api: string,
    instaladores: string,
    store: string,
    versiones: string,
    archivos: string,
    sitio: string,
  }),
);

const fieldErrors: Reader<FieldErrors> = (input) => {
  if (!isRecord(input)) return FAIL;
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(input)) {
    const messages = array(string)(value);
    if (messages === FAIL) return FAIL;
    out[key] = messages;
  }
  return out;
};

/** Twin of envelope.ts `errorBody`. */
export const errorBody: Parser<ErrorBody> = parser((input) => {
  const base = object<{ error: string; datos: null }>({ error: string, datos: nothing })(input);
  if (base === FAIL || !isRecord(input) || !('campos' in input)) return base;
  // Like zod's optional: a key given as undefined stays, as undefined.
  const campos = input.campos === undefined ? undefined : fieldErrors(input.campos);
  return campos === FAIL ? FAIL : { ...base, campos };
});

/** Twin of envelope.ts `okBody`. */
export const okBody: Parser<{ error: string | null; datos: null }> = parser(envelope(nothing));

/** Twin of estado.ts `estadoResponse`. */
export const estadoResponse: Parser<{ error: string | null; datos: Estado }> = parser(
  envelope(object<Estado>({ version: string })),
);

/** Twin of auth.ts `loginRequest`: the username trimmed, both required and bounded, nothing else allowed. */
export const loginRequest: Parser<LoginRequest> = {
  safeParse(input) {
    if (!isRecord(input)) return { success: false, error: { issues: [{ path: [], message: 'Invalid input' }] } };
    const issues: ParseIssue[] = [];
    const text = (key: keyof LoginRequest, max: number, maxMessage: string, trim: boolean): string => {
      const raw = input[key];
      if (typeof raw !== 'string') {
        issues.push({ path: [key], message: REQUIRED });
        return '';
      }
      const value = trim ? raw.trim() : raw;
      if (value.length < 1) issues.push({ path: [key], message: REQUIRED });
      if (value.length > max) issues.push({ path: [key], message: maxMessage });
      return value;
    };
    const data = {
      username: text('username', 200, USERNAME_MAX, true),
      password: text('password', 500, PASSWORD_MAX, false),
    };
    const unknown = Object.keys(input).filter((key) => key !== 'username' && key !== 'password');
    if (unknown.length > 0)
      issues.push({
        path: [],
        message: `Unrecognized key${unknown.length > 1 ? 's' : ''}: ${unknown.map((key) => `"${key}"`).join(', ')}`,
      });
    return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data };
  },
};
