import type { Sesion } from '@intranet/contract/areas/auth';
import type { SesionActiva } from '@intranet/contract/shared/sessions';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { familyOfSession, revokeFamily } from '../../core/session-renewal.ts';
import { roleNamesOf, segundoFactorPendiente } from '../../core/sessions.ts';
import { describeUserAgent } from '../../core/user-agent.ts';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { sesionFamilias, usuarios } from '../../db/schema.ts';
import { ApiError } from '../../core/api-error.ts';

export const AUDIT_CLOSE_SESSION = 'cerrar_sesion';
export const AUDIT_CLOSE_OTHERS = 'cerrar_otras_sesiones';

const lastUse = sql<Date>`greatest(${sesionFamilias.ultimoUso}, (select max(s.ultimo_uso) from "sesiones" s
  where s.familia_id = ${sesionFamilias.id}))`;

/** A family still in use: not ended, within its lifetime and idle limit. */
const live = (idleMinutes: number) =>
  and(
    isNull(sesionFamilias.revocada),
    sql`${sesionFamilias.vence} > now()`,
    sql`${lastUse} > now() - make_interval(secs => ${idleMinutes * 60})`,
  );

/** An account's sessions in use, the most recently used first; `actual` marks the family of the asking session. */
export async function activeSessions(
  db: Executor,
  usuarioId: number,
  idleMinutes: number,
  actual: number | null,
): Promise<SesionActiva[]> {
  const filas = await db
    .select({
      id: sesionFamilias.id,
      creada: sesionFamilias.creada,
      ultimoUso: lastUse,
      ip: sesionFamilias.ip,
      userAgent: sesionFamilias.userAgent,
    })
    .from(sesionFamilias)
    .where(and(eq(sesionFamilias.usuarioId, usuarioId), live(idleMinutes)))
    .orderBy(desc(lastUse), desc(sesionFamilias.id));
  return filas.map((f) => ({
    id: f.id,
    ...describeUserAgent(f.userAgent),
    ip: f.ip,
    inicio: f.creada.toISOString(),
    ultimo_uso: new Date(f.ultimoUso).toISOString(),
    actual: f.id === actual,
  }));
}

export const currentFamily = (db: Executor, sesionId: number | null): Promise<number | null> =>
  sesionId === null ? Promise.resolve(null) : familyOfSession(db, sesionId);

async function ownerExists(db: Executor, usuarioId: number): Promise<void> {
  const [fila] = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.id, usuarioId));
  if (!fila) throw new ApiError(404, 'El usuario no existe');
}

/** Closes one session of an account (its own, or any with USUARIOS#ADMIN): audited on the account. */
export async function closeSession(db: Db, autor: Autor, usuarioId: number, familiaId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await ownerExists(tx, usuarioId);
    const [fila] = await tx
      .select({ ip: sesionFamilias.ip, userAgent: sesionFamilias.userAgent })
      .from(sesionFamilias)
      .where(
        and(eq(sesionFamilias.id, familiaId), eq(sesionFamilias.usuarioId, usuarioId), isNull(sesionFamilias.revocada)),
      );
    if (!fila) throw new ApiError(404, 'La sesión no existe o ya se cerró');
    await revokeFamily(tx, familiaId, 'cerrada');
    const { navegador, sistema } = describeUserAgent(fila.userAgent);
    await writeAudit(tx, {
      autor,
      accion: AUDIT_CLOSE_SESSION,
      entidad: 'usuario',
      entidadId: usuarioId,
      despues: { sesion: familiaId, navegador, sistema, ip: fila.ip },
    });
  });
}

/**
 * Closes every session of an account but `salvo` (the caller's own; null: all of them). Audited once, with the count.
 */
export async function closeOtherSessions(
  db: Db,
  autor: Autor,
  usuarioId: number,
  salvo: number | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    await ownerExists(tx, usuarioId);
    const familias = await tx
      .select({ id: sesionFamilias.id })
      .from(sesionFamilias)
      .where(
        and(
          eq(sesionFamilias.usuarioId, usuarioId),
          isNull(sesionFamilias.revocada),
          sql`${sesionFamilias.vence} > now()`,
          salvo === null ? undefined : sql`${sesionFamilias.id} <> ${salvo}`,
        ),
      );
    for (const f of familias) await revokeFamily(tx, f.id, 'cerrada');
    if (familias.length > 0) {
      await writeAudit(tx, {
        autor,
        accion: AUDIT_CLOSE_OTHERS,
        entidad: 'usuario',
        entidadId: usuarioId,
        despues: { cerradas: familias.length, ...(salvo === null ? {} : { salvo }) },
      });
    }
    return familias.length;
  });
}

/** The `usuario` of a renewed session, as the sign-in answers it; undefined if the account is gone. */
export async function sessionUser(db: Executor, usuarioId: number): Promise<Sesion['usuario'] | undefined> {
  const [cuenta] = await db
    .select({ nombre: usuarios.nombre, usuario: usuarios.usuario, pendiente: segundoFactorPendiente })
    .from(usuarios)
    .where(eq(usuarios.id, usuarioId));
  if (!cuenta) return undefined;
  return {
    nombre: cuenta.nombre,
    roles: await roleNamesOf(db, usuarioId),
    usuario: cuenta.usuario,
    ...(cuenta.pendiente ? { segundo_factor_pendiente: true } : {}),
  };
}
