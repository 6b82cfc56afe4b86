import { z } from 'zod';
import { envelope } from '@intranet/contract/shared/envelope';
import { idParam, MAX_ID } from '@intranet/contract/shared/list';
import { loteBody } from '@intranet/contract/shared/lote';
import { PASSWORD_MAX, REQUIRED, USERNAME_MAX } from '@intranet/contract/shared/texts';

/** `POST {api}/api/auth` payload, as the specification gives it: the username may also be the user's email. */
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
  /** A role requires the second factor and it is not on yet: the session may only enrol it. */
  segundo_factor_pendiente: z.boolean().optional(),
});

export const sesion = z.object({ token: z.string(), usuario: usuarioSesion });
export type Sesion = z.infer<typeof sesion>;

/**
 * Sign-in answer: HTTP 200 either way; a failure sets `error` and `datos: null` (the shared envelope). With the second
 * factor on, the right password answers `error` (asking for the code), `datos: null` and `segundo_paso`: the
 * challenge to send with the code to `POST /api/auth/segundo-paso`, which answers the session in this shape.
 */
export const loginResponse = envelope(sesion.nullable()).extend({
  segundo_paso: z.object({ desafio: z.string() }).optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** `POST {api}/api/auth/permisos`: a list of codes in, each code mapped to a boolean out. */
export const permisosRequest = z.array(z.string().min(1).max(100)).max(500);
export const permisosResponse = envelope(z.record(z.string(), z.boolean()));

// ---- API tokens: personal tokens for scripts ----

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

/**
 * `POST /api/auth/tokens/lote` (the caller's own) and `/api/auth/tokens/todos/lote` (USUARIOS#ADMIN):
 * revoke the chosen tokens, each through the single revoke and its audit row. Revoking is the only change, and
 * a token is never deleted (its history names it). The lists have no filter: "all that match" is every token.
 */
export const tokenLote = loteBody(z.object({}).strict(), {
  estado: z.literal('revocado', { error: 'Un token solo puede revocarse' }),
});

// ---- Second factor: TOTP for local accounts ----

/** A code from the authenticator app (6 digits) or a recovery code (xxxxx-xxxxx). */
const codigo = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(20, 'Código inválido')
  .regex(/^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/i, 'Ingrese los 6 dígitos de su aplicación o un código de recuperación');

/** `POST {api}/api/auth/segundo-paso`: the challenge the password step answered, and a code. */
export const segundoPasoInput = z
  .object({ desafio: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200), codigo })
  .strict();

export const totpCodigo = z.object({ codigo }).strict();
export type TotpCodigo = z.infer<typeof totpCodigo>;

/** `GET {api}/api/auth/totp`: the caller's second factor. */
export const totpEstado = z.object({
  activo: z.boolean(),
  /** One of the caller's roles requires it: it cannot be turned off. */
  requerido: z.boolean(),
  /** Recovery codes not used yet. */
  codigos_restantes: z.number().int(),
});
export type TotpEstado = z.infer<typeof totpEstado>;

/** `POST {api}/api/auth/totp/inscripcion`: a new key, as text, as an otpauth:// URI and as a QR code (SVG data URL). */
export const totpInscripcion = z.object({ secreto: z.string(), uri: z.string(), qr: z.string() });
export type TotpInscripcion = z.infer<typeof totpInscripcion>;

/** `POST {api}/api/auth/totp/confirmar`: the second factor is on; its recovery codes, shown this once. */
export const totpConfirmado = z.object({ codigos: z.array(z.string()) });

/** Admins (USUARIOS#ADMIN): each role, whether it requires the second factor. */
export const rolTotp = z.object({ id: z.number().int(), nombre: z.string(), requiere_totp: z.boolean() });
export type RolTotp = z.infer<typeof rolTotp>;
export const rolTotpInput = z.object({ requiere_totp: z.boolean({ error: 'Debe ser verdadero o falso' }) }).strict();

/** Admins: each active account and its second factor. */
export const cuentaTotp = z.object({
  id: z.number().int(),
  usuario: z.string(),
  nombre: z.string(),
  activo: z.boolean(),
  desde: z.string().nullable(),
  requerido: z.boolean(),
});
export type CuentaTotp = z.infer<typeof cuentaTotp>;

/**
 * `POST /api/auth/totp/cuentas/lote` (USUARIOS#ADMIN): reset the second factor of the chosen accounts
 * (left off, to be enrolled again), each through the single reset and its audit row.
 */
export const cuentaTotpLote = loteBody(z.object({}).strict(), {
  segundo_factor: z.literal('restablecido', { error: 'El segundo factor solo puede restablecerse' }),
});

// ---- The company's directory: its groups and the roles they give ----

/** A directory group (its DN, or its name) and the portal role its members get. */
export const grupoRol = z.object({
  id: z.number().int(),
  grupo: z.string(),
  rol_id: z.number().int(),
  rol: z.string(),
  creado: z.string(),
});
export type GrupoRol = z.infer<typeof grupoRol>;

/** `POST /api/auth/directorio/grupos/lote` (USUARIOS#ADMIN): remove the chosen group-to-role mappings, each audited. */
export const grupoRolLote = loteBody(z.object({}).strict(), {});

export const grupoRolInput = z
  .object({
    grupo: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(500, 'Máximo 500 caracteres'),
    rol_id: z.number({ error: 'Elija un rol' }).int().positive('Elija un rol').max(MAX_ID, 'Id inválido'),
  })
  .strict();
export type GrupoRolInput = z.infer<typeof grupoRolInput>;

/** `GET {api}/api/auth/directorio` (USUARIOS#ADMIN): whether the directory is set (LDAP_URL), and the mapping. */
export const directorio = z.object({
  configurado: z.boolean(),
  /** The directory's address, without credentials. */
  url: z.string().nullable(),
  grupos: z.array(grupoRol),
});
export type Directorio = z.infer<typeof directorio>;

// ---- OpenID Connect ----

/** `GET {api}/api/auth/oidc`: the provider's name for the login button, or null when OIDC is not set. */
export const oidcProveedor = envelope(z.object({ nombre: z.string() }).nullable());

/** `POST {api}/api/auth/oidc/canje`: the one-time code the provider's return handed the page. */
export const oidcCanje = z.object({ codigo: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200) }).strict();

// ---- Outside identities: a directory or OpenID person linked to an account, never by e-mail alone ----

export const PROVEEDORES_IDENTIDAD = ['ldap', 'oidc'] as const;
export type ProveedorIdentidad = (typeof PROVEEDORES_IDENTIDAD)[number];

/**
 * `GET /api/usuarios/:id/identidades` (USUARIOS#ADMIN): an identity linked to the account. A directory person is
 * known by their entryUUID (OpenLDAP), objectGUID (Active Directory) or else DN; an OpenID one by issuer and subject.
 */
export const identidadExterna = z.object({
  id: z.number().int(),
  proveedor: z.enum(PROVEEDORES_IDENTIDAD),
  /** The OpenID issuer; 'ldap' for the directory. */
  emisor: z.string(),
  sujeto: z.string(),
  /** What it was last seen as: the DN, or the provider's user name and e-mail. */
  descripcion: z.string(),
  /** 'automatica': a new account made at its first sign-in; 'administrador': linked by hand. */
  vinculo: z.enum(['automatica', 'administrador']),
  creado: z.string(),
});
export type IdentidadExterna = z.infer<typeof identidadExterna>;

/**
 * `POST /api/usuarios/:id/identidades`: for the directory, the person's user name or DN (looked up there); for
 * OpenID, the subject and its issuer (blank: the configured one). 409 when it is linked to another account.
 */
export const identidadInput = z
  .object({
    proveedor: z.enum(PROVEEDORES_IDENTIDAD, { error: 'Elija Directorio u OpenID' }),
    sujeto: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(500, 'Máximo 500 caracteres'),
    emisor: z
      .string()
      .trim()
      .max(500, 'Máximo 500 caracteres')
      .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'Debe ser la URL del emisor (https://…)')
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .strict();
export type IdentidadInput = z.input<typeof identidadInput>;

const identidadId = z.coerce
  .number({ error: 'Id inválido' })
  .int('Id inválido')
  .positive('Id inválido')
  .max(MAX_ID, 'Id inválido');
export const identidadParams = z.object({ id: identidadId, identidadId }).strict();

/** `POST /api/usuarios/:id/sesiones/:sesion/cerrar` (USUARIOS#ADMIN): the account and one of its sessions. */
export const usuarioSesionParams = z.object({ id: idParam.shape.id, sesion: idParam.shape.id }).strict();
