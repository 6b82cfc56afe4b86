import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, instante, creado, actualizado } from './columns.ts';
import { personas } from './directorio.ts';

// ---- Accounts, roles and sessions ----

export const usuarios = pgTable(
  'usuarios',
  {
    id: id(),
    usuario: text('usuario').notNull(),
    email: text('email'),
    nombre: text('nombre').notNull(),
    passwordHash: text('password_hash').notNull(),
    activo: boolean('activo').notNull().default(true),
    ultimoIngreso: instante('ultimo_ingreso'),
    /** The second factor's TOTP key, sealed with SECRETS_KEY (core/secretos.ts); set while enrolling. */
    totpSecreto: text('totp_secreto'),
    /** When the second factor was turned on (its first code confirmed); null: off. */
    totpActivo: instante('totp_activo'),
    /** The latest 30-second step a code was accepted for: a code is never taken twice. */
    totpUltimoPaso: bigint('totp_ultimo_paso', { mode: 'number' }),
    /** Where the account signs in: 'local' (its password here) or 'ldap' (the company's directory). */
    origen: text('origen').notNull().default('local'),
    /** Its entry in the directory, once it signed in there. */
    directorioDn: text('directorio_dn'),
    /** The person the account belongs to (Personas → Cuenta); at most one account per person. */
    personaId: integer('persona_id').references(() => personas.id, { onDelete: 'restrict' }),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    // Sign-in is case-insensitive, so uniqueness is too.
    uniqueIndex('usuarios_usuario_uq').on(sql`lower(${t.usuario})`),
    uniqueIndex('usuarios_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('usuarios_persona_uq').on(t.personaId),
  ],
);

export const roles = pgTable('roles', {
  id: id(),
  nombre: text('nombre').notNull().unique(),
  descripcion: text('descripcion').notNull().default(''),
  /** Its members must sign in with a second factor; until they enrol they may only enrol. */
  requiereTotp: boolean('requiere_totp').notNull().default(false),
  creado: creado(),
  actualizado: actualizado(),
});

export const rolPermisos = pgTable(
  'rol_permisos',
  {
    rolId: integer('rol_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    codigo: text('codigo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rolId, t.codigo] })],
);

export const usuarioRoles = pgTable(
  'usuario_roles',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    rolId: integer('rol_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.rolId] }), index('usuario_roles_rol_idx').on(t.rolId)],
);

/**
 * One sign-in of one browser (what "Sesiones activas" lists): it ends at the sign-in's absolute lifetime, or when
 * unused for the idle limit, or when revoked. Its renewal cookie gives each reload or new tab a session of its own
 * without asking again (docs/decisions/session-renewal.md).
 */
export const sesionFamilias = pgTable(
  'sesion_familias',
  {
    id: id(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    creada: instante('creada').notNull().defaultNow(),
    /** The sign-in's absolute end (SESSION_TTL_HOURS from it); renewals never move it. */
    vence: instante('vence').notNull(),
    /** Its last sign-in, renewal or call. */
    ultimoUso: instante('ultimo_uso').notNull().defaultNow(),
    revocada: instante('revocada'),
    /** Why it ended: 'salida' (sign-out), 'login', 'password', 'cerrada' (from Sesiones activas), 'reuso'. */
    motivo: text('motivo'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sesion_familias_usuario_idx').on(t.usuarioId)],
);

/**
 * Each value the renewal cookie of a family has had, as its SHA-256: the current one (unused) and those used
 * already, so that a used value presented again ends the whole family.
 */
export const sesionRenovaciones = pgTable(
  'sesion_renovaciones',
  {
    id: id(),
    familiaId: integer('familia_id')
      .notNull()
      .references(() => sesionFamilias.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull().unique(),
    creada: instante('creada').notNull().defaultNow(),
    usada: instante('usada'),
  },
  (t) => [index('sesion_renovaciones_familia_idx').on(t.familiaId)],
);

export const sesiones = pgTable(
  'sesiones',
  {
    id: id(),
    /** sha256 hex of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** The browser sign-in it belongs to (its sign-in or one of its renewals). */
    familiaId: integer('familia_id').references(() => sesionFamilias.id, { onDelete: 'cascade' }),
    creada: instante('creada').notNull().defaultNow(),
    vence: instante('vence').notNull(),
    ultimoUso: instante('ultimo_uso').notNull().defaultNow(),
    revocada: instante('revocada'),
    ip: text('ip'),
  },
  (t) => [index('sesiones_usuario_idx').on(t.usuarioId), index('sesiones_familia_idx').on(t.familiaId)],
);

/**
 * An outside identity linked to an account: a person of the company's directory (by entryUUID, objectGUID, or
 * else their DN) or of the OpenID provider (by issuer and subject). Never linked by e-mail alone.
 */
export const identidadesExternas = pgTable(
  'identidades_externas',
  {
    id: id(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** 'ldap' or 'oidc'. */
    proveedor: text('proveedor').notNull(),
    /** Who vouches for the subject: the OpenID issuer; for the directory, 'ldap'. */
    emisor: text('emisor').notNull(),
    /** The stable identifier: OIDC `sub`; LDAP `entryUUID`, `objectGUID` (as text), or the DN. */
    sujeto: text('sujeto').notNull(),
    /** What the identity was last seen as: the DN, or the provider's user name and e-mail. */
    descripcion: text('descripcion').notNull().default(''),
    /** 'automatica' (a new account made at its first sign-in) or 'administrador' (linked by hand). */
    vinculo: text('vinculo').notNull(),
    creado: creado(),
  },
  (t) => [
    uniqueIndex('identidades_externas_uq').on(t.proveedor, t.emisor, t.sujeto),
    index('identidades_externas_usuario_idx').on(t.usuarioId),
  ],
);

/**
 * A personal API token for scripts: sent as `Authorization: Bearer itk_…`, it acts as its owner
 * with the codes it was given that the owner still holds. Only the token's hash is stored; it is shown once.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    /** sha256 hex of the token. */
    tokenHash: text('token_hash').notNull().unique(),
    /** Its first characters ("itk_AbCd"), to tell tokens apart on screen. */
    prefijo: text('prefijo').notNull(),
    codigos: text('codigos').array().notNull(),
    /** The last day it works (through the end of that day, Buenos Aires time). */
    vence: instante('vence').notNull(),
    creado: creado(),
    ultimoUso: instante('ultimo_uso'),
    revocado: instante('revocado'),
    /** Who revoked it: its owner or an administrator. */
    revocadoPor: text('revocado_por'),
  },
  (t) => [index('api_tokens_usuario_idx').on(t.usuarioId)],
);

/**
 * A group of the company's directory and a portal role its members get: at each directory sign-in
 * the account's roles become those of its mapped groups. The group is named by its DN or its name (CN).
 */
export const gruposRoles = pgTable(
  'grupos_roles',
  {
    id: id(),
    grupo: text('grupo').notNull(),
    rolId: integer('rol_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    creado: creado(),
  },
  (t) => [uniqueIndex('grupos_roles_uq').on(sql`lower(${t.grupo})`, t.rolId)],
);

/**
 * A sign-in through the OpenID provider under way: the state, PKCE verifier and nonce of the redirect, and
 * once the provider answered, the account and the hash of the one-time code the page exchanges for its
 * session (so no token ever travels in a URL or a cookie). Each lives minutes and is used once.
 */
export const oidcIntentos = pgTable('oidc_intentos', {
  id: id(),
  estado: text('estado').notNull().unique(),
  verificador: text('verificador').notNull(),
  nonce: text('nonce').notNull(),
  destino: text('destino').notNull().default('/'),
  vence: instante('vence').notNull(),
  usado: instante('usado'),
  usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'cascade' }),
  entregaHash: text('entrega_hash').unique(),
  entregaVence: instante('entrega_vence'),
  entregada: instante('entregada'),
  ip: text('ip'),
});

/** The second factor's recovery codes: each works once, stored as its SHA-256 only. */
export const totpRecuperacion = pgTable(
  'totp_recuperacion',
  {
    id: id(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    usado: instante('usado'),
  },
  (t) => [index('totp_recuperacion_usuario_idx').on(t.usuarioId)],
);

/**
 * A sign-in halfway: the password was right, the second factor is awaited. The page holds the challenge (in
 * memory, like the session) for five minutes; only its hash is stored, and it is used once.
 */
export const ingresoDesafios = pgTable('ingreso_desafios', {
  id: id(),
  hash: text('hash').notNull().unique(),
  usuarioId: integer('usuario_id')
    .notNull()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  vence: instante('vence').notNull(),
  usado: instante('usado'),
  ip: text('ip'),
});

/** Sign-in attempts, for throttling across server processes. */
export const intentosIngreso = pgTable(
  'intentos_ingreso',
  {
    id: id(),
    usuario: text('usuario').notNull(),
    ip: text('ip').notNull(),
    fecha: instante('fecha').notNull().defaultNow(),
    exito: boolean('exito').notNull(),
    /** What was tried: 'password', 'token' (an API token) or 'segundo_factor' (a code); each kind counts on its own. */
    clase: text('clase').notNull().default('password'),
  },
  (t) => [
    index('intentos_ingreso_usuario_idx').on(t.usuario, t.fecha),
    index('intentos_ingreso_ip_idx').on(t.ip, t.fecha),
    // Housekeeping deletes attempts older than a day.
    index('intentos_ingreso_fecha_idx').on(t.fecha),
  ],
);
