import { clearSesion, getSesion } from './session.ts';
import { revokeToken } from './signIn.ts';

/** Ends the session here at once, then revokes its token on the server (a failure there changes nothing). */
export function signOut(): void {
  const sesion = getSesion();
  if (!sesion) return;
  clearSesion();
  void revokeToken(sesion.token);
}
