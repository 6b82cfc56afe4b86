import { createHash, randomBytes } from 'node:crypto';
import { isPermissionCode, type PermissionCode } from '@intranet/contract/registry';
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  apiTokens,
  intentosIngreso,
  rolPermisos,
  roles,
  sesionFamilias,
  sesiones,
  usuarioRoles,
  usuarios,
} from '../db/schema.ts';

/** What an attempt tried: a password, an API token or a second-factor code; each kind is counted apart. */
export type ClaseIntento = 'password' | 'token' | 'segundo_factor';

/**
 * One (name, address) pair, and one address across names (for the names that failed from it): more than 10 failures in
 * 15 minutes lock it.
 */
export const THROTTLE_WINDOW_MINUTES = 15;
export const THROTTLE_MAX_FAILURES = 10;
/**
 * One name from every address: more than 50 failures in an hour trip the wide limit (the address limit holds one
 * address to 44).
 */
export const USER_WINDOW_MINUTES = 60;
export const USER_MAX_FAILURES = 50;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface LoginCandidate {
  id: number;
  usuario: string;
  nombre: string;
  passwordHash: string;
  activo: boolean;
  /** The second factor is on: a right password asks for a code next. */
  totpActivo: Date | null;
  /** 'local', or 'ldap' for an account that signs in through the company's directory. */
  origen: string;
}

/** The account a sign-in name points at: its user name, or else its email, case-insensitively. */
export async function findLoginCandidate(db: Executor, login: string): Promise<LoginCandidate | undefined> {
  const name = login.toLowerCase();
  const [row] = await db
    .select({
      id: usuarios.id,
      usuario: usuarios.usuario,
      nombre: usuarios.nombre,
      passwordHash: usuarios.passwordHash,
      activo: usuarios.activo,
      totpActivo: usuarios.totpActivo,
      origen: usuarios.origen,
    })
    .from(usuarios)
    .where(or(sql`lower(${usuarios.usuario}) = ${name}`, sql`lower(${usuarios.email}) = ${name}`))
    .orderBy(sql`lower(${usuarios.usuario}) = ${name} desc`)
    .limit(1);
  return row;
}

const failuresSince = (minutes: number, where: SQL) =>
  sql`not ${intentosIngreso.exito} and ${intentosIngreso.fecha} > now() - make_interval(mins => ${minutes})
    and ${where}`;

/** Seconds until the failures matching `where` are back to `max` in the window; null while they are not over it. */
const overFor = (where: SQL, minutes: number, max: number) => sql`(
  select extract(epoch from (${intentosIngreso.fecha} + make_interval(mins => ${minutes}) - now()))
  from ${intentosIngreso} where ${failuresSince(minutes, where)}
  order by ${intentosIngreso.fecha} desc offset ${max} limit 1)`;

/**
 * Seconds until `usuario` may try again from `ip` (0: now), among the failures of its kind only. The pair is
 * locked while over THROTTLE_MAX_FAILURES (a token's failures are all counted under one name: that is the
 * address). Passwords also have two wide limits, each holding only the names or addresses that failed: while the
 * address is over THROTTLE_MAX_FAILURES, a name that failed from it in that window waits (a colleague behind
 * the same NAT does not); while the name is over USER_MAX_FAILURES, an address that failed for it in that window
 * waits (the owner at a clean address does not). Each until the limit is back under or the pair's last failure
 * leaves the window.
 */
export async function throttleWaitSeconds(
  db: Executor,
  usuario: string,
  ip: string,
  clase: ClaseIntento = 'password',
): Promise<number> {
  const deClase = sql`${intentosIngreso.clase} = ${clase}`;
  const pair = sql`${deClase} and ${intentosIngreso.usuario} = ${usuario} and ${intentosIngreso.ip} = ${ip}`;
  const pairFailedIn = (minutes: number) => sql`(
    select extract(epoch from (max(${intentosIngreso.fecha}) + make_interval(mins => ${minutes}) - now()))
    from ${intentosIngreso} where ${failuresSince(minutes, pair)})`;
  const limits = [sql`coalesce(${overFor(pair, THROTTLE_WINDOW_MINUTES, THROTTLE_MAX_FAILURES)}, 0)`];
  if (clase === 'password') {
    limits.push(
      sql`least(coalesce(${overFor(sql`${deClase} and ${intentosIngreso.ip} = ${ip}`, THROTTLE_WINDOW_MINUTES, THROTTLE_MAX_FAILURES)}, 0),
                coalesce(${pairFailedIn(THROTTLE_WINDOW_MINUTES)}, 0))`,
      sql`least(coalesce(${overFor(sql`${deClase} and ${intentosIngreso.usuario} = ${usuario}`, USER_WINDOW_MINUTES, USER_MAX_FAILURES)}, 0),
                coalesce(${pairFailedIn(USER_WINDOW_MINUTES)}, 0))`,
    );
  }
  const result = await db.execute<{ espera: string | number | null }>(
    sql`select greatest(${sql.join(limits, sql`, `)}) as espera`,
  );
  return Math.max(0, Math.ceil(Number(result.rows[0]?.espera ?? 0)));
}

/** Failures in each limit's window up to and including one just recorded. */
export type FailureCounts = {
  /** Of the (name, address) pair and of the address, in THROTTLE_WINDOW_MINUTES. */
  par: number;
  ip: number;
  /** Of the name from every address, and how many addresses, in USER_WINDOW_MINUTES. */
  usuario: number;
  direcciones: number;
};

/**
 * Records a failure of its kind and counts those of that kind up to it; rows after it (by id) are left out, so
 * of two failures racing over a limit only one finds itself exactly at the limit.
 */
export async function recordFailure(
  db: Executor,
  usuario: string,
  ip: string,
  clase: ClaseIntento = 'password',
): Promise<FailureCounts> {
  const [row] = await db
    .insert(intentosIngreso)
    .values({ usuario, ip, exito: false, clase })
    .returning({ id: intentosIngreso.id });
  const recent = sql`${intentosIngreso.fecha} > now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})`;
  const result = await db.execute<FailureCounts>(sql`select
      count(*) filter (where ${intentosIngreso.usuario} = ${usuario} and ${intentosIngreso.ip} = ${ip}
        and ${recent})::int as par,
      count(*) filter (where ${intentosIngreso.ip} = ${ip} and ${recent})::int as ip,
      count(*) filter (where ${intentosIngreso.usuario} = ${usuario})::int as usuario,
      count(distinct ${intentosIngreso.ip}) filter (where ${intentosIngreso.usuario} = ${usuario})::int as direcciones
    from ${intentosIngreso}
    where ${failuresSince(USER_WINDOW_MINUTES, sql`${intentosIngreso.clase} = ${clase} and (${intentosIngreso.usuario} = ${usuario} or ${intentosIngreso.ip} = ${ip})`)}
      and ${intentosIngreso.id} <= ${row!.id}`);
  const counts = result.rows[0]!;
  return {
    par: Number(counts.par),
    ip: Number(counts.ip),
    usuario: Number(counts.usuario),
    direcciones: Number(counts.direcciones),
  };
}

export async function recordSuccess(
  db: Executor,
  usuario: string,
  ip: string,
  clase: ClaseIntento = 'password',
): Promise<void> {
  await db.insert(intentosIngreso).values({ usuario, ip, exito: true, clase });
}

export async function roleNamesOf(db: Executor, usuarioId: number): Promise<string[]> {
  const rows = await db
    .select({ nombre: roles.nombre })
    .from(usuarioRoles)
    .innerJoin(roles, eq(roles.id, usuarioRoles.rolId))
    .where(eq(usuarioRoles.usuarioId, usuarioId))
    .orderBy(asc(roles.nombre));
  return rows.map((r) => r.nombre);
}

/**
 * Opens a session and answers its token; only the token's hash is stored. A sign-in starts a family (one
 * browser's sign-in, ended at `ttlHours` from now); its renewal cookie is issued by the route (session-renewal.ts).
 */
export async function createSession(
  db: Executor,
  opts: { usuarioId: number; ttlHours: number; ip: string },
): Promise<string> {
  const [familia] = await db
    .insert(sesionFamilias)
    .values({
      usuarioId: opts.usuarioId,
      vence: sql`now() + make_interval(secs => ${opts.ttlHours * 3600})`,
      ip: opts.ip,
    })
    .returning({ id: sesionFamilias.id, vence: sesionFamilias.vence });
  const token = await openSession(db, {
    familiaId: familia!.id,
    usuarioId: opts.usuarioId,
    vence: familia!.vence,
    ip: opts.ip,
  });
  await db.update(usuarios).set({ ultimoIngreso: sql`now()` }).where(eq(usuarios.id, opts.usuarioId));
  return token;
}

/** A new session (a token) of a family: it ends when the family does. */
export async function openSession(
  db: Executor,
  opts: { familiaId: number; usuarioId: number; vence: Date; ip: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sesiones).values({
    tokenHash: hashToken(token),
    usuarioId: opts.usuarioId,
    familiaId: opts.familiaId,
    vence: opts.vence,
    ip: opts.ip,
  });
  return token;
}

export interface SessionRecord {
  /** The signed-in session's id; null when an API token is calling. */
  sesionId: number | null;
  /** The API token calling, or null for a person's session. */
  token: { id: number; nombre: string } | null;
  usuario: { id: number; usuario: string; nombre: string };
  permisos: ReadonlySet<PermissionCode>;
  /** A role requires the second factor and it is not on yet: the session reaches only the enrolment step. */
  segundoFactorPendiente: boolean;
  /** Last use is older than a minute: worth writing down. */
  stale: boolean;
  /** When the session ends, and when it was last used (epoch ms), for a cached copy to check itself. */
  vence: number;
  ultimoUso: number;
}

/** One of the account's roles requires the second factor, and it is not on yet (in a query that reads `usuarios`). */
export const segundoFactorPendiente = sql<boolean>`("usuarios"."totp_activo" is null and exists (
  select 1 from "usuario_roles" ur join "roles" r on r.id = ur.rol_id
    where ur.usuario_id = "usuarios"."id" and r.requiere_totp))`;

/** The live session behind a token hash: not revoked, not past its expiry, not idle, of an active user. */
export async function findSession(
  db: Executor,
  tokenHash: string,
  idleMinutes: number,
): Promise<SessionRecord | undefined> {
  const [row] = await db
    .select({
      sesionId: sesiones.id,
      id: usuarios.id,
      usuario: usuarios.usuario,
      nombre: usuarios.nombre,
      stale: sql<boolean>`${sesiones.ultimoUso} < now() - interval '1 minute'`,
      vence: sesiones.vence,
      ultimoUso: sesiones.ultimoUso,
      codigos: sql<string[] | null>`(
        select array_agg(distinct ${rolPermisos.codigo}) from ${rolPermisos}
        join ${usuarioRoles} on ${usuarioRoles.rolId} = ${rolPermisos.rolId}
        where ${usuarioRoles.usuarioId} = ${usuarios.id})`,
      pendiente: segundoFactorPendiente,
    })
    .from(sesiones)
    .innerJoin(usuarios, eq(usuarios.id, sesiones.usuarioId))
    .where(
      and(
        eq(sesiones.tokenHash, tokenHash),
        isNull(sesiones.revocada),
        sql`${sesiones.vence} > now()`,
        sql`${sesiones.ultimoUso} > now() - make_interval(secs => ${idleMinutes * 60})`,
        eq(usuarios.activo, true),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return {
    sesionId: row.sesionId,
    token: null,
    usuario: { id: row.id, usuario: row.usuario, nombre: row.nombre },
    // Until the second factor its role requires is on, the session may only enrol it: no code at all.
    permisos: new Set(row.pendiente ? [] : (row.codigos ?? []).filter(isPermissionCode)),
    segundoFactorPendiente: row.pendiente,
    stale: row.stale,
    vence: row.vence.getTime(),
    ultimoUso: row.ultimoUso.getTime(),
  };
}

/**
 * The live API token behind a hash: not revoked, not expired, of an active user. It holds the codes it was
 * given that its owner still holds (a role lost since takes them from the token too).
 */
export async function findApiToken(db: Executor, tokenHash: string): Promise<SessionRecord | undefined> {
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      tokenNombre: apiTokens.nombre,
      codigos: apiTokens.codigos,
      vence: apiTokens.vence,
      ultimoUso: apiTokens.ultimoUso,
      stale: sql<boolean>`coalesce(${apiTokens.ultimoUso} < now() - interval '1 minute', true)`,
      id: usuarios.id,
      usuario: usuarios.usuario,
      nombre: usuarios.nombre,
      suyos: sql<string[] | null>`(
        select array_agg(distinct ${rolPermisos.codigo}) from ${rolPermisos}
        join ${usuarioRoles} on ${usuarioRoles.rolId} = ${rolPermisos.rolId}
        where ${usuarioRoles.usuarioId} = ${usuarios.id})`,
    })
    .from(apiTokens)
    .innerJoin(usuarios, eq(usuarios.id, apiTokens.usuarioId))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revocado),
        sql`${apiTokens.vence} > now()`,
        eq(usuarios.activo, true),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const delDueño = new Set(row.suyos ?? []);
  return {
    sesionId: null,
    token: { id: row.tokenId, nombre: row.tokenNombre },
    segundoFactorPendiente: false,
    usuario: { id: row.id, usuario: row.usuario, nombre: row.nombre },
    permisos: new Set(row.codigos.filter((c) => delDueño.has(c)).filter(isPermissionCode)),
    stale: row.stale,
    vence: row.vence.getTime(),
    ultimoUso: row.ultimoUso?.getTime() ?? 0,
  };
}

/** Writes down that a session, or an API token, was used now. */
export async function touchSession(db: Executor, record: Pick<SessionRecord, 'sesionId' | 'token'>): Promise<void> {
  if (record.token) await db.update(apiTokens).set({ ultimoUso: sql`now()` }).where(eq(apiTokens.id, record.token.id));
  else if (record.sesionId !== null)
    await db.update(sesiones).set({ ultimoUso: sql`now()` }).where(eq(sesiones.id, record.sesionId));
}

export async function revokeSession(db: Executor, sesionId: number): Promise<void> {
  await db
    .update(sesiones)
    .set({ revocada: sql`now()` })
    .where(and(eq(sesiones.id, sesionId), isNull(sesiones.revocada)));
}
