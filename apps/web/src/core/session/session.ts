import { useSyncExternalStore } from 'react';
import type { Sesion } from '@intranet/contract/areas/auth';

/**
 * The signed-in session, held in memory only, as specified: never written to localStorage, sessionStorage or a
 * script-readable cookie. A reload or a new tab gets a session of its own from the browser's HttpOnly renewal
 * cookie (renewal.ts). Also remembers the route a guard blocked.
 */
let sesion: Sesion | null = null;
let blockedRoute: string | null = null;
const listeners = new Set<() => void>();

/** Routes that must never be the place to return to after sign-in (returning to /login would sign out). */
const PUBLIC_PATHS = ['/login', '/unauthorized', '/forbidden', '/maintenance'];

const notify = () => {
  listeners.forEach((listener) => {
    listener();
  });
};

export function getSesion(): Sesion | null {
  return sesion;
}

export function setSesion(next: Sesion): void {
  sesion = next;
  notify();
}

export function clearSesion(): void {
  if (sesion === null) return;
  sesion = null;
  notify();
}

export function subscribeSesion(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Remembers where to go after the next sign-in; public pages are ignored. */
export function rememberBlockedRoute(route: string): void {
  const path = route.split(/[?#]/)[0] ?? '';
  if (!route.startsWith('/') || route.startsWith('//') || PUBLIC_PATHS.includes(path)) return;
  blockedRoute = route;
}

/** Returns the remembered route once, then forgets it. */
export function takeBlockedRoute(): string | null {
  const route = blockedRoute;
  blockedRoute = null;
  return route;
}

export function useSesion(): Sesion | null {
  return useSyncExternalStore(subscribeSesion, getSesion, getSesion);
}
