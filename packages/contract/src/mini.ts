import * as z from 'zod/mini';

/**
 * zod/mini twins of the schemas the browser parses before and during sign-in (the login form, the runtime
 * configuration, the sign-in answer, the server's state and the error envelope). Zod classic (~27 kB gzip)
 * cannot be tree-shaken, so the /login bundle uses these; the server and every other screen keep the classic
 * schemas in auth.ts, config.ts, envelope.ts and estado.ts. mini.test.ts checks each pair accepts, refuses
 * and words the same, and that their types are equal: change both together.
 */

export const REQUIRED = 'Este campo es requerido';
export const USERNAME_MAX = 'Máximo 200 caracteres';
export const PASSWORD_MAX = 'Máximo 500 caracteres';

/** Twin of auth.ts `loginRequest`. */
export const loginRequest = z.strictObject({
  username: z.string({ error: REQUIRED }).check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(200, USERNAME_MAX)),
  password: z.string({ error: REQUIRED }).check(z.minLength(1, REQUIRED), z.maxLength(500, PASSWORD_MAX)),
});

/** Twin of envelope.ts `envelope`. */
const envelope = <T extends z.ZodMiniType>(datos: T) => z.object({ error: z.nullable(z.string()), datos });

/** Twin of auth.ts `sesion`. */
const sesion = z.object({
  token: z.string(),
  usuario: z.object({ nombre: z.string(), roles: z.array(z.string()), usuario: z.string() }),
});

/** Twin of auth.ts `loginResponse`. */
export const loginResponse = envelope(z.nullable(sesion));

/** Twin of config.ts `runtimeConfig`. */
export const runtimeConfig = z.object({
  api: z.string(),
  instaladores: z.string(),
  store: z.string(),
  versiones: z.string(),
  archivos: z.string(),
  sitio: z.string(),
});

/** Twin of envelope.ts `errorBody`. */
export const errorBody = z.object({
  error: z.string(),
  datos: z.null(),
  campos: z.optional(z.record(z.string(), z.array(z.string()))),
});

/** Twin of envelope.ts `okBody`. */
export const okBody = envelope(z.null());

/** Twin of estado.ts `estadoResponse`. */
export const estadoResponse = envelope(z.object({ version: z.string() }));
