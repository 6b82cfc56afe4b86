import type { Sesion } from '@intranet/contract/areas/auth';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import { decoyHash, verifyPassword } from '../../core/passwords.ts';
import { recordWrongPassword, throttleWait, type Intento } from '../../core/intentos.ts';
import { eq } from 'drizzle-orm';
import {
  createSession,
  findLoginCandidate,
  recordSuccess,
  roleNamesOf,
  segundoFactorPendiente,
} from '../../core/sessions.ts';
import { usuarios } from '../../db/schema.ts';
import type { LdapConfig } from '../../config.ts';
import { ingresoDirectorio } from './ingreso-directorio.ts';
import { crearDesafio } from './segundo-factor.ts';

export type SignInResult =
  | { kind: 'ok'; sesion: Sesion }
  | { kind: 'segundo_paso'; desafio: string }
  | { kind: 'directorio_caido' }
  | { kind: 'sin_grupo' }
  | { kind: 'sin_vinculo' }
  | { kind: 'rechazado' }
  | { kind: 'bloqueado'; segundos: number };

/**
 * The sign-in policy: throttled per name and address, per address, and per name across addresses (intentos.ts),
 * the same answer for an unknown user, a wrong password and an inactive account.
 */
export async function signIn(
  db: Db,
  opts: { login: string; password: string; ip: string; ttlHours: number; ldap: LdapConfig | null },
): Promise<SignInResult> {
  const { login, password, ip } = opts;
  const user = await findLoginCandidate(db, login);
  // A name that is no local account, or an account of the directory: the company's directory decides.
  if (opts.ldap && (!user || user.origen === 'ldap')) {
    const r = await ingresoDirectorio(db, opts.ldap, {
      login: user?.usuario ?? login,
      password,
      ip,
      ttlHours: opts.ttlHours,
      usuarioId: user?.id ?? null,
    });
    if (r.kind === 'caido') return { kind: 'directorio_caido' };
    return r;
  }
  // Counted under the account's name, so its user name and its email share one count.
  const intento: Intento = { usuario: (user?.usuario ?? login).toLowerCase(), usuarioId: user?.id ?? null, ip };
  const wait = await throttleWait(db, intento);
  if (wait > 0) return { kind: 'bloqueado', segundos: wait };

  // Unknown users still cost one verification, so timing does not tell which names exist.
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
  if (!user || !valid || !user.activo) {
    const after = await recordWrongPassword(db, intento);
    return after > 0 ? { kind: 'bloqueado', segundos: after } : { kind: 'rechazado' };
  }

  // The second factor is on: the code is asked for next (throttled like the password).
  if (user.totpActivo) return { kind: 'segundo_paso', desafio: await crearDesafio(db, user.id, ip) };

  return db.transaction(async (tx) => {
    await recordSuccess(tx, intento.usuario, ip);
    const token = await createSession(tx, { usuarioId: user.id, ttlHours: opts.ttlHours, ip });
    await writeAudit(tx, {
      autor: { id: user.id, nombre: user.nombre },
      accion: 'ingreso',
      entidad: 'usuario',
      entidadId: user.id,
      despues: { ip },
    });
    const roles = await roleNamesOf(tx, user.id);
    const [pendiente] = await tx.select({ si: segundoFactorPendiente }).from(usuarios).where(eq(usuarios.id, user.id));
    const usuario = {
      nombre: user.nombre,
      roles,
      usuario: user.usuario,
      ...(pendiente?.si ? { segundo_factor_pendiente: true } : {}),
    };
    return { kind: 'ok', sesion: { token, usuario } };
  });
}
