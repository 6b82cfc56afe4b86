import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberBlockedRoute, useSesion } from '../core/session/session.ts';

/** The protected area's guard (spec §4): without a session, remember the route and go to /login. */
export function RequireSession() {
  const sesion = useSesion();
  const location = useLocation();
  if (!sesion) {
    rememberBlockedRoute(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}
