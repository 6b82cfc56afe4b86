import type { ReactNode } from 'react';
import { Navigate, useRoutes } from 'react-router';

export interface AreaRoute {
  /** Relative to the area's root: '' is the area's own page ('/maquinas'). */
  path: string;
  element: ReactNode;
}

/** An area's screens; unknown routes inside the area go home, as the specification has any unknown route do. */
export function AreaRoutes({ routes }: { routes: AreaRoute[] }) {
  return useRoutes([
    ...routes.map((route) => (route.path === '' ? { index: true, element: route.element } : route)),
    { path: '*', element: <Navigate to="/" replace /> },
  ]);
}
