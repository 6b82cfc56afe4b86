import { clearSesion, getSesion } from './session.ts';

/**
 * Ends the session here at once, then revokes its token on the server. The revoking call (http layer and
 * schemas) is loaded on demand, so the login screen's first paint does not wait for it.
 */
export function signOut(): void {
  const sesion = getSesion();
  if (!sesion) return;
  clearSesion();
  void import('./signIn.ts').then(({ revokeToken }) => revokeToken(sesion.token));
}
