import type { Db } from '../db/client.ts';
import { writeAudit } from '../db/audit.ts';
import { bloqueosIngreso, ingresosFallidos } from './metricas.ts';
import { MENSAJES } from '../messages.ts';
import { ApiError } from './api-error.ts';
import {
  recordFailure,
  throttleWaitSeconds,
  THROTTLE_MAX_FAILURES,
  USER_MAX_FAILURES,
  type ClaseIntento,
  type FailureCounts,
} from './sessions.ts';

// Attempts are throttled in the database, shared by every process, each kind among its own failures: passwords
// (sign-in and the own-password change), API tokens (per address) and second-factor codes (per account and address).
// The wide password limits refuse only who failed: an address over its limit holds the names that failed from it (a
// colleague behind the same NAT still signs in), a name over its limit the addresses that failed for it (a stranger
// cannot lock the owner out: a clean address is always let in to try).

/** Who tries a password, and from where: the account's name in lower case (or the name typed, if no account). */
export interface Intento {
  usuario: string;
  /** The account's id, when the name is one: the lockout is written to that account's history. */
  usuarioId: number | null;
  ip: string;
  /** What is tried: 'password' unless said. */
  clase?: ClaseIntento;
}

export const AUDIT_BLOQUEO = 'bloqueo_ingreso';

/** The 429 answer: the Spanish text tells the minutes to wait, Retry-After the seconds. */
export const demasiadosIntentos = (segundos: number): ApiError =>
  new ApiError(429, MENSAJES.demasiadosIntentos(Math.ceil(segundos / 60)), undefined, {
    'Retry-After': String(segundos),
  });

/** Seconds before this attempt may be checked at all (0: now). */
export const throttleWait = (db: Db, intento: Intento): Promise<number> =>
  throttleWaitSeconds(db, intento.usuario, intento.ip, intento.clase);

/** The limits a failure has just pushed over: each is at its limit plus one exactly once per lockout. */
function limitsStarted(fallos: FailureCounts, clase: ClaseIntento): string[] {
  // A token's failures are all counted under one name, so its pair is the address.
  if (clase === 'token') return fallos.par === THROTTLE_MAX_FAILURES + 1 ? ['ip'] : [];
  const started: string[] = [];
  if (fallos.par === THROTTLE_MAX_FAILURES + 1) started.push('usuario_ip');
  if (clase === 'segundo_factor') return started;
  if (fallos.ip === THROTTLE_MAX_FAILURES + 1) started.push('ip');
  if (fallos.usuario === USER_MAX_FAILURES + 1) started.push('usuario');
  return started;
}

/**
 * Records a wrong password (or token, or code), writes one audit row when it starts a lockout (who, from where,
 * what, how many failures), and answers the seconds this address must now wait for this name (0: not locked).
 */
export async function recordWrongPassword(db: Db, intento: Intento): Promise<number> {
  const clase = intento.clase ?? 'password';
  const empezados = await db.transaction(async (tx) => {
    const fallos = await recordFailure(tx, intento.usuario, intento.ip, clase);
    const limites = limitsStarted(fallos, clase);
    if (limites.length === 0) return limites;
    await writeAudit(tx, {
      autor: null,
      accion: AUDIT_BLOQUEO,
      entidad: 'usuario',
      entidadId: intento.usuarioId,
      despues: {
        usuario: intento.usuario,
        ip: intento.ip,
        clase,
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
