import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { writeAudit } from '../db/audit.ts';
import { sesionFamilias, sesionRenovaciones, sesiones } from '../db/schema.ts';
import { renovacionesSesion } from './metricas.ts';
import { hashToken, openSession } from './sessions.ts';

// A browser's sign-in is a family: its sessions (one per page load) and the renewal cookie that opens new ones
// without asking for the password again (docs/decisions/session-renewal.md). The cookie's value is random, 256
// bits, stored only as its SHA-256, and rotated on each use; a used value presented again ends the family.

/**
 * Seconds during which a value just used is still taken once more: two tabs reloading together, or an answer lost
 * while the page unloaded, present the same value. Past it, presenting a used value is reuse.
 */
export const RENEWAL_REUSE_INTERVAL_S = 30;

/** Why a family ended (sesion_familias.motivo). */
export type RevocationReason = 'salida' | 'login' | 'password' | 'cerrada' | 'reuso' | 'cuenta';

export const AUDIT_RENEWAL_REUSE = 'reuso_renovacion';

const newValue = () => randomBytes(32).toString('base64url');

async function storeValue(db: Executor, familiaId: number): Promise<string> {
  const valor = newValue();
  await db.insert(sesionRenovaciones).values({ familiaId, hash: hashToken(valor) });
  return valor;
}

/**
 * The renewal value for the browser that just signed in with `token`: a new value of the token's family, which
 * also notes the browser (its User-Agent). Null if the token has no live family.
 */
export async function issueRenewal(db: Db, token: string, userAgent: string | undefined): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [fila] = await tx
      .select({ familiaId: sesiones.familiaId })
      .from(sesiones)
      .innerJoin(sesionFamilias, eq(sesionFamilias.id, sesiones.familiaId))
      .where(and(eq(sesiones.tokenHash, hashToken(token)), isNull(sesionFamilias.revocada)));
    if (!fila?.familiaId) return null;
    await tx
      .update(sesionFamilias)
      .set({ userAgent: userAgent?.slice(0, 500) ?? null })
      .where(eq(sesionFamilias.id, fila.familiaId));
    return storeValue(tx, fila.familiaId);
  });
}

export type RenewalResult =
  | { kind: 'ok'; token: string; renovacion: string; usuarioId: number; familiaId: number }
  /** Unknown, ended (signed out, expired, idle) or of an inactive account. */
  | { kind: 'rechazada' }
  /** A value used before was presented again: the family has just been ended. */
  | { kind: 'reuso'; usuarioId: number; familiaId: number };

/**
 * Takes a renewal value: within the family's absolute lifetime and idle limit, the value is marked used, a new
 * one is stored, and a new session of the family is opened. A value used longer ago than the reuse interval ends
 * the family, audited and counted.
 */
export async function renew(
  db: Db,
  valor: string,
  opts: { ip: string; userAgent: string | undefined; idleMinutes: number },
): Promise<RenewalResult> {
  const result = await db.transaction(async (tx): Promise<RenewalResult> => {
    const ultimoUso = sql`greatest(${sesionFamilias.ultimoUso}, (select max(s.ultimo_uso) from "sesiones" s
      where s.familia_id = ${sesionFamilias.id}))`;
    const [fila] = await tx
      .select({
        valorId: sesionRenovaciones.id,
        usada: sql<boolean>`${sesionRenovaciones.usada} is not null`,
        reciente: sql<boolean>`${sesionRenovaciones.usada}
          > now() - make_interval(secs => ${RENEWAL_REUSE_INTERVAL_S})`,
        familiaId: sesionFamilias.id,
        usuarioId: sesionFamilias.usuarioId,
        vence: sesionFamilias.vence,
        viva: sql<boolean>`${sesionFamilias.revocada} is null and ${sesionFamilias.vence} > now()
          and ${ultimoUso} > now() - make_interval(secs => ${opts.idleMinutes * 60})
          and exists (select 1 from "usuarios" u where u.id = ${sesionFamilias.usuarioId} and u.activo)`,
      })
      .from(sesionRenovaciones)
      .innerJoin(sesionFamilias, eq(sesionFamilias.id, sesionRenovaciones.familiaId))
      .where(eq(sesionRenovaciones.hash, hashToken(valor)))
      .for('update', { of: sesionRenovaciones });
    if (!fila?.viva) return { kind: 'rechazada' };
    if (fila.usada && !fila.reciente) {
      await revokeFamily(tx, fila.familiaId, 'reuso');
      await writeAudit(tx, {
        autor: null,
        accion: AUDIT_RENEWAL_REUSE,
        entidad: 'usuario',
        entidadId: fila.usuarioId,
        despues: { ip: opts.ip, sesion: fila.familiaId },
      });
      return { kind: 'reuso', usuarioId: fila.usuarioId, familiaId: fila.familiaId };
    }
    if (!fila.usada)
      await tx.update(sesionRenovaciones).set({ usada: sql`now()` }).where(eq(sesionRenovaciones.id, fila.valorId));
    await tx
      .update(sesionFamilias)
      .set({
        ultimoUso: sql`now()`,
        ip: opts.ip,
        ...(opts.userAgent ? { userAgent: opts.userAgent.slice(0, 500) } : {}),
      })
      .where(eq(sesionFamilias.id, fila.familiaId));
    const renovacion = await storeValue(tx, fila.familiaId);
    const token = await openSession(tx, {
      familiaId: fila.familiaId,
      usuarioId: fila.usuarioId,
      vence: fila.vence,
      ip: opts.ip,
    });
    return { kind: 'ok', token, renovacion, usuarioId: fila.usuarioId, familiaId: fila.familiaId };
  });
  renovacionesSesion.inc({ resultado: result.kind });
  return result;
}

/** Ends a family: its renewal values stop working and every session it opened is revoked at once. */
export async function revokeFamily(db: Executor, familiaId: number, motivo: RevocationReason): Promise<boolean> {
  const hechas = await db
    .update(sesionFamilias)
    .set({ revocada: sql`now()`, motivo })
    .where(and(eq(sesionFamilias.id, familiaId), isNull(sesionFamilias.revocada)))
    .returning({ id: sesionFamilias.id });
  await db
    .update(sesiones)
    .set({ revocada: sql`now()` })
    .where(and(eq(sesiones.familiaId, familiaId), isNull(sesiones.revocada)));
  return hechas.length > 0;
}

/** Ends every family of an account, but `salvo` (the caller's own, on a password change); answers how many. */
export async function revokeFamiliesOf(
  db: Executor,
  usuarioId: number,
  motivo: RevocationReason,
  salvo?: number | null,
): Promise<number> {
  const hechas = await db
    .update(sesionFamilias)
    .set({ revocada: sql`now()`, motivo })
    .where(
      and(
        eq(sesionFamilias.usuarioId, usuarioId),
        isNull(sesionFamilias.revocada),
        salvo == null ? undefined : ne(sesionFamilias.id, salvo),
      ),
    )
    .returning({ id: sesionFamilias.id });
  await db
    .update(sesiones)
    .set({ revocada: sql`now()` })
    .where(
      and(
        eq(sesiones.usuarioId, usuarioId),
        isNull(sesiones.revocada),
        salvo == null ? undefined : sql`${sesiones.familiaId} is distinct from ${salvo}`,
      ),
    );
  return hechas.length;
}

/** Ends the family a renewal value belongs to (used or not): /login opened in a browser whose page holds no session. */
export async function revokeByRenewal(db: Db, valor: string, motivo: RevocationReason): Promise<boolean> {
  const [fila] = await db
    .select({ familiaId: sesionRenovaciones.familiaId })
    .from(sesionRenovaciones)
    .where(eq(sesionRenovaciones.hash, hashToken(valor)));
  return fila ? revokeFamily(db, fila.familiaId, motivo) : false;
}

/** The family of a session, if it has one. */
export async function familyOfSession(db: Executor, sesionId: number): Promise<number | null> {
  const [fila] = await db.select({ familiaId: sesiones.familiaId }).from(sesiones).where(eq(sesiones.id, sesionId));
  return fila?.familiaId ?? null;
}
