import { z } from 'zod';
import { envelope } from './envelope.ts';
import { PASSWORD_MAX, REQUIRED, USERNAME_MAX } from './texts.ts';

/** `POST {api}/api/auth` payload (spec §7): the username may also be the user's email. */
export const loginRequest = z
  .object({
    username: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, USERNAME_MAX),
    password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(500, PASSWORD_MAX),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginRequest>;

export const usuarioSesion = z.object({
  nombre: z.string(),
  roles: z.array(z.string()),
  /** The sign-in name; not in the spec's shape, carried for the top bar's account menu. */
  usuario: z.string(),
});

export const sesion = z.object({ token: z.string(), usuario: usuarioSesion });
export type Sesion = z.infer<typeof sesion>;

/** Sign-in answer: HTTP 200 either way; a failure sets `error` and `datos: null` (DESIGN §3). */
export const loginResponse = envelope(sesion.nullable());
export type LoginResponse = z.infer<typeof loginResponse>;

/** `POST {api}/api/auth/permisos`: a list of codes in, each code mapped to a boolean out. */
export const permisosRequest = z.array(z.string().min(1).max(100)).max(500);
export const permisosResponse = envelope(z.record(z.string(), z.boolean()));

// ---- API tokens (issue 17): personal tokens for scripts ----

/** What every API token starts with, so the server tells it from a session's token. */
export const TOKEN_PREFIJO = 'itk_';
/** A token lives at most this many days. */
export const TOKEN_MAX_DIAS = 365;

/** `POST {api}/api/auth/tokens`: a name, the last day it works, and some of the caller's own codes. */
export const tokenInput = z
  .object({
    nombre: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100, 'Máximo 100 caracteres'),
    vence: z.iso.date({ error: 'Fecha inválida (aaaa-mm-dd)' }),
    permisos: z
      .array(z.string().min(1).max(100), { error: 'Elija al menos un permiso' })
      .min(1, 'Elija al menos un permiso')
      .max(100)
      .refine((codigos) => new Set(codigos).size === codigos.length, 'Hay permisos repetidos'),
  })
  .strict();
export type TokenInput = z.infer<typeof tokenInput>;

export const apiToken = z.object({
  id: z.number().int(),
  nombre: z.string(),
  /** The token's first characters ("itk_AbCd…"), to tell it apart; the token itself is never shown again. */
  prefijo: z.string(),
  permisos: z.array(z.string()),
  /** yyyy-mm-dd: the last day it works. */
  vence: z.string(),
  creado: z.string(),
  ultimo_uso: z.string().nullable(),
  revocado: z.string().nullable(),
  /** 'activo', 'vencido' or 'revocado'. */
  estado: z.enum(['activo', 'vencido', 'revocado']),
  usuario: z.object({ id: z.number().int(), usuario: z.string(), nombre: z.string() }),
});
export type ApiToken = z.infer<typeof apiToken>;

/** The answer of creating one: the token itself, shown this once. */
export const tokenCreado = apiToken.extend({ token: z.string() });
export type TokenCreado = z.infer<typeof tokenCreado>;
