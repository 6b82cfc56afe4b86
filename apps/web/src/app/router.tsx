import { createBrowserRouter, Navigate, type RouteObject, useSearchParams } from 'react-router';
import { AREAS } from '../areas/index.ts';
import { LoginPage } from '../pages/Login.tsx';
import { PageLoader } from '../pages/PageLoader.tsx';
import { RouteError } from '../pages/RouteError.tsx';
import { RequireSession } from './RequireSession.tsx';

/**
 * One lazy chunk per mount of each area (at the specified URLs); the registry lists the areas, each its own routes. The
 * first area opened also brings every Mantine component's styles (areaStyles.ts), which the first screen does without.
 */
const areas: RouteObject[] = AREAS.flatMap((area) =>
  area.routes.map(({ path, lazy }) => ({
    path,
    lazy: () => Promise.all([lazy(), import('./areaStyles.ts')]).then(([route]) => route),
  })),
);

/** /login inside the router (reached from another screen); opened directly it renders without one (boot.tsx). */
function LoginRoute() {
  const [params] = useSearchParams();
  return <LoginPage registro={params.has('registro')} />;
}

export const routes: RouteObject[] = [
  {
    HydrateFallback: PageLoader,
    errorElement: <RouteError />,
    children: [
      { path: 'login', Component: LoginRoute },
      {
        path: 'unauthorized',
        lazy: () => import('../pages/Unauthorized.tsx').then((m) => ({ Component: m.UnauthorizedPage })),
      },
      { path: 'forbidden', lazy: () => import('../pages/Forbidden.tsx').then((m) => ({ Component: m.ForbiddenPage })) },
      {
        path: 'maintenance',
        lazy: () => import('../pages/Maintenance.tsx').then((m) => ({ Component: m.MaintenancePage })),
      },
      {
        path: '/',
        element: <RequireSession />,
        children: [
          {
            lazy: () => import('../layout/Shell.tsx').then((m) => ({ Component: m.Shell })),
            children: [
              { index: true, lazy: () => import('../pages/Home.tsx').then((m) => ({ Component: m.HomePage })) },
              ...areas,
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
