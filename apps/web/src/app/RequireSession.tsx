import { Center, Loader } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { messages } from '../core/messages.ts';
import { getRenewalState, restoreSession, subscribeRenewal } from '../core/session/renewal.ts';
import { rememberBlockedRoute, useSesion } from '../core/session/session.ts';

/**
 * The protected area's guard, as specified. Without a session, the page first asks for one with the browser's renewal
 * cookie (a reload, a new tab, a bookmark) and waits on a loader; only when there is none does it remember the
 * route and go to /login.
 */
export function RequireSession() {
  const sesion = useSesion();
  const location = useLocation();
  const renewal = useSyncExternalStore(subscribeRenewal, getRenewalState, getRenewalState);
  const waiting = !sesion && renewal === 'pendiente';
  useEffect(() => {
    if (waiting) void restoreSession();
  }, [waiting]);
  if (sesion) return <Outlet />;
  if (waiting) {
    return (
      <Center mih="100vh" data-testid="renovando-sesion">
        <Loader aria-label={messages.sesion.recuperando} />
      </Center>
    );
  }
  rememberBlockedRoute(location.pathname + location.search);
  return <Navigate to="/login" replace />;
}
