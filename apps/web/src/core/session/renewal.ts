import { RENEWAL_CLOSE_PATH, RENEWAL_PATH } from '@intranet/contract/shared/http';
import { loginResponse, okBody } from '@intranet/contract/shared/sign-in-parsers';
import { apiUrl, getConfigState, subscribeConfigState } from '../config/config.ts';
import { http } from '../http/http.ts';
import { clearSesion, getSesion, setSesion } from './session.ts';

// The session lives in the page's memory only, as specified. Beside it, the browser holds an HttpOnly renewal cookie
// that no script can read: at start, a page without a session asks the server for one with it (a reload, a new
// tab, a bookmark, the offline worker's update), before deciding there is none. Tabs tell each other of a
// sign-out through a BroadcastChannel.

export type RenewalState = 'pendiente' | 'terminada';

let state: RenewalState = 'pendiente';
let attempt: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

const setState = (next: RenewalState) => {
  state = next;
  listeners.forEach((l) => {
    l();
  });
};

export const getRenewalState = (): RenewalState => state;
export function subscribeRenewal(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves once the runtime configuration is ready (true) or failed to load (false). */
function configLoaded(): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      const current = getConfigState().status;
      if (current === 'loading') return false;
      unsubscribe?.();
      resolve(current === 'ready');
      return true;
    };
    let unsubscribe: (() => void) | undefined;
    if (!check()) unsubscribe = subscribeConfigState(() => void check());
  });
}

/**
 * Once per page load: the session renewed with the browser's cookie (true), or none (false: no cookie, ended, or
 * the server did not answer). Later calls answer the first one's result.
 */
export function restoreSession(): Promise<boolean> {
  attempt ??= (async () => {
    try {
      if (getSesion()) return true;
      if (!(await configLoaded())) return false;
      const answer = await http.post(apiUrl('api', RENEWAL_PATH), undefined, loginResponse, {
        skipAuth: true,
        quiet: true,
      });
      if (!answer.datos || getSesion()) return getSesion() !== null;
      setSesion(answer.datos);
      return true;
    } catch {
      return false;
    } finally {
      setState('terminada');
    }
  })();
  return attempt;
}

// ---- Closing the browser's session, and telling the other tabs ----

const CHANNEL = 'intranet-sesion';
type Aviso = { tipo: 'salida' };
let channel: BroadcastChannel | null = null;
/** The session here ended because another tab signed out: that tab already closed it on the server. */
let endedElsewhere = false;
let closing: Promise<void> = Promise.resolve();

/** Listens for a sign-out in another tab of this browser: this one's session ends too, at once. */
export function listenForSignOut(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<Aviso>) => {
    if (event.data?.tipo !== 'salida' || !getSesion()) return;
    endedElsewhere = true;
    clearSesion();
  };
}

/** Tells the other tabs that this browser signed out. */
export function announceSignOut(): void {
  listenForSignOut();
  channel?.postMessage({ tipo: 'salida' } satisfies Aviso);
}

/** Whether this page's session was ended by another tab (answered once). */
export function takeEndedElsewhere(): boolean {
  const was = endedElsewhere;
  endedElsewhere = false;
  return was;
}

/**
 * Ends the browser's session by its renewal cookie (/login opened with no session in the page), once the
 * configuration says where the server is. A sign-in waits for it (`closingDone`), so it never ends the new one.
 */
export function closeBrowserSession(): void {
  closing = configLoaded().then(async (ready) => {
    if (!ready) return;
    await http
      .post(apiUrl('api', RENEWAL_CLOSE_PATH), undefined, okBody, { skipAuth: true, quiet: true })
      .catch(() => undefined);
  });
}

export const closingDone = (): Promise<void> => closing;
