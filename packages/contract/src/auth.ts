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
