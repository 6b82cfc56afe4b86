import { createHash, randomBytes } from 'node:crypto';
import { isPermissionCode, type PermissionCode } from '@intranet/contract/permissions';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { intentosIngreso, rolPermisos, roles, sesiones, usuarioRoles, usuarios } from '../../db/schema.ts';

export const THROTTLE_WINDOW_MINUTES = 15;
export const THROTTLE_MAX_FAILURES = 10;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface LoginCandidate {
  id: number;
  usuario: string;
  nombre: string;
  passwordHash: string;
  activo: boolean;
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
    })
    .from(usuarios)
    .where(or(sql`lower(${usuarios.usuario}) = ${name}`, sql`lower(${usuarios.email}) = ${name}`))
    .orderBy(sql`lower(${usuarios.usuario}) = ${name} desc`)
    .limit(1);
  return row;
}

/**
 * Seconds until another sign-in may be tried: 0 while the name and the IP each have at most
 * THROTTLE_MAX_FAILURES failures in the window, else until the oldest failure that keeps it over leaves it.
 */
export async function throttleWaitSeconds(db: Executor, login: string, ip: string): Promise<number> {
  const over = (column: typeof intentosIngreso.usuario | typeof intentosIngreso.ip, value: string) => sql`(
    select extract(epoch from (${intentosIngreso.fecha} + make_interval(mins => ${THROTTLE_WINDOW_MINUTES}) - now()))
    from ${intentosIngreso}
    where ${column} = ${value} and not ${intentosIngreso.exito}
      and ${intentosIngreso.fecha} > now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})
    order by ${intentosIngreso.fecha} desc offset ${THROTTLE_MAX_FAILURES} limit 1)`;
  const result = await db.execute<{ espera: string | number | null }>(
    sql`select greatest(coalesce(${over(intentosIngreso.usuario, login.toLowerCase())}, 0),
                        coalesce(${over(intentosIngreso.ip, ip)}, 0)) as espera`,
  );
  return Math.max(0, Math.ceil(Number(result.rows[0]?.espera ?? 0)));
}

export async function recordAttempt(db: Executor, login: string, ip: string, exito: boolean): Promise<void> {
  await db.insert(intentosIngreso).values({ usuario: login.toLowerCase(), ip, exito });
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

/** Opens a session and answers its token; only the token's hash is stored. */
export async function createSession(
  db: Executor,
  opts: { usuarioId: number; ttlHours: number; ip: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sesiones).values({
    tokenHash: hashToken(token),
    usuarioId: opts.usuarioId,
    vence: sql`now() + make_interval(secs => ${opts.ttlHours * 3600})`,
    ip: opts.ip,
  });
  await db.update(usuarios).set({ ultimoIngreso: sql`now()` }).where(eq(usuarios.id, opts.usuarioId));
  return token;
}

export interface SessionRecord {
  sesionId: number;
  usuario: { id: number; usuario: string; nombre: string };
  permisos: ReadonlySet<PermissionCode>;
  /** Last use is older than a minute: worth writing down. */
  stale: boolean;
  /** When the session ends, and when it was last used (epoch ms), for a cached copy to check itself. */
  vence: number;
  ultimoUso: number;
}

/** The live session behind a token hash: not revoked, not past its expiry, not idle, of an active user. */
export async function findSession(db: Executor, tokenHash: string, idleMinutes: number): Promise<SessionRecord | undefined> {
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
    usuario: { id: row.id, usuario: row.usuario, nombre: row.nombre },
    permisos: new Set((row.codigos ?? []).filter(isPermissionCode)),
    stale: row.stale,
    vence: row.vence.getTime(),
    ultimoUso: row.ultimoUso.getTime(),
  };
}

export async function touchSession(db: Executor, sesionId: number): Promise<void> {
  await db.update(sesiones).set({ ultimoUso: sql`now()` }).where(eq(sesiones.id, sesionId));
}

export async function revokeSession(db: Executor, sesionId: number): Promise<void> {
  await db.update(sesiones).set({ revocada: sql`now()` }).where(and(eq(sesiones.id, sesionId), isNull(sesiones.revocada)));
}
