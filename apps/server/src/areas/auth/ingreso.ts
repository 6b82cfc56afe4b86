import type { Sesion } from '@intranet/contract/auth';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import {
  createSession,
  findLoginCandidate,
  recordAttempt,
  roleNamesOf,
  throttleWaitSeconds,
} from './queries.ts';

export type SignInResult =
  | { kind: 'ok'; sesion: Sesion }
  | { kind: 'rechazado' }
  | { kind: 'bloqueado'; segundos: number };

/**
 * The sign-in policy: throttled per name and per IP (state in the database, shared by every process),
 * the same answer for an unknown user, a wrong password and an inactive account.
 */
export async function signIn(
  db: Db,
  opts: { login: string; password: string; ip: string; ttlHours: number },
): Promise<SignInResult> {
  const { login, password, ip } = opts;
  const wait = await throttleWaitSeconds(db, login, ip);
  if (wait > 0) return { kind: 'bloqueado', segundos: wait };

  const user = await findLoginCandidate(db, login);
  // Unknown users still cost one verification, so timing does not tell which names exist.
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
  if (!user || !valid || !user.activo) {
    await recordAttempt(db, login, ip, false);
    const after = await throttleWaitSeconds(db, login, ip);
    return after > 0 ? { kind: 'bloqueado', segundos: after } : { kind: 'rechazado' };
  }

  return db.transaction(async (tx) => {
    await recordAttempt(tx, login, ip, true);
    const token = await createSession(tx, { usuarioId: user.id, ttlHours: opts.ttlHours, ip });
    await writeAudit(tx, {
      autor: { id: user.id, nombre: user.nombre },
      accion: 'ingreso',
      entidad: 'usuario',
      entidadId: user.id,
      despues: { ip },
    });
    const roles = await roleNamesOf(tx, user.id);
    return { kind: 'ok', sesion: { token, usuario: { nombre: user.nombre, roles, usuario: user.usuario } } };
  });
}
