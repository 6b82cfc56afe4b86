import type { Db } from '../db/client.ts';
import { writeAudit } from '../db/audit.ts';
import { bloqueosIngreso, ingresosFallidos } from './metricas.ts';
import { MENSAJES } from '../messages.ts';
import { ApiError } from '../plugins/errors.ts';
import {
  recordFailure,
  throttleWaitSeconds,
  THROTTLE_MAX_FAILURES,
  USER_MAX_FAILURES,
  type FailureCounts,
} from './sessions.ts';

// Password attempts (sign-in and the own-password change) are throttled in the database, shared by every process.
// So that a stranger cannot lock the owner out, the wide per-name limit refuses only addresses that failed for that
// name in its hour (each attacker address gets one guess an hour); a clean address is always let in to try.

/** Who tries a password, and from where: the account's name in lower case (or the name typed, if no account). */
export interface Intento {
  usuario: string;
  /** The account's id, when the name is one: the lockout is written to that account's history. */
  usuarioId: number | null;
  ip: string;
}

export const AUDIT_BLOQUEO = 'bloqueo_ingreso';

/** The 429 answer: the Spanish text tells the minutes to wait, Retry-After the seconds. */
export const demasiadosIntentos = (segundos: number): ApiError =>
  new ApiError(429, MENSAJES.demasiadosIntentos(Math.ceil(segundos / 60)), undefined, { 'Retry-After': String(segundos) });

/** Seconds before this attempt may be checked at all (0: now). */
export const throttleWait = (db: Db, intento: Intento): Promise<number> => throttleWaitSeconds(db, intento.usuario, intento.ip);

/** The limits a failure has just pushed over: each is at its limit plus one exactly once per lockout. */
function limitsStarted(fallos: FailureCounts): string[] {
  const started: string[] = [];
  if (fallos.par === THROTTLE_MAX_FAILURES + 1) started.push('usuario_ip');
  if (fallos.ip === THROTTLE_MAX_FAILURES + 1) started.push('ip');
  if (fallos.usuario === USER_MAX_FAILURES + 1) started.push('usuario');
  return started;
}

/**
 * Records a wrong password, writes one audit row when it starts a lockout (who, from where, how many failures),
 * and answers the seconds this address must now wait for this name (0: not locked).
 */
export async function recordWrongPassword(db: Db, intento: Intento): Promise<number> {
  const empezados = await db.transaction(async (tx) => {
    const fallos = await recordFailure(tx, intento.usuario, intento.ip);
    const limites = limitsStarted(fallos);
    if (limites.length === 0) return limites;
    await writeAudit(tx, {
      autor: null,
      accion: AUDIT_BLOQUEO,
      entidad: 'usuario',
      entidadId: intento.usuarioId,
      despues: {
        usuario: intento.usuario,
        ip: intento.ip,
        limites,
        fallos: { usuario_ip: fallos.par, ip: fallos.ip, usuario: fallos.usuario },
        direcciones: fallos.direcciones,
      },
    });
    return limites;
  });
  ingresosFallidos.inc();
  for (const limite of empezados) bloqueosIngreso.inc({ limite });
  return throttleWait(db, intento);
}
