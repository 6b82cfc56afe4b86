import { announceSignOut, closeBrowserSession, takeEndedElsewhere } from './renewal.ts';
import { clearSesion, getSesion } from './session.ts';
import { revokeToken } from './signIn.ts';

/**
 * Ends the session here at once, then on the server: its token and the browser's renewal cookie (with no session
 * in the page, /login opened anew, the cookie alone). The other tabs of the browser are told, unless this one
 * is ending because another tab already signed out.
 */
export function signOut(): void {
  if (takeEndedElsewhere()) return;
  const sesion = getSesion();
  announceSignOut();
  if (!sesion) {
    closeBrowserSession();
    return;
  }
  clearSesion();
  void revokeToken(sesion.token);
}
