import { createBrowserRouter, Navigate, type RouteObject, useSearchParams } from 'react-router';
import { LoginPage } from '../pages/Login.tsx';
import { PageLoader } from '../pages/PageLoader.tsx';
import { RouteError } from '../pages/RouteError.tsx';
import { RequireSession } from './RequireSession.tsx';

/** One lazy chunk per area (spec §2); each area's routes.tsx holds its own screens. */
const areas: RouteObject[] = [
  { path: 'clientes/*', lazy: () => import('../areas/clientes/routes.tsx').then((m) => ({ Component: m.ClientesRoutes })) },
  { path: 'maquinas/*', lazy: () => import('../areas/maquinas/routes.tsx').then((m) => ({ Component: m.MaquinasRoutes })) },
  { path: 'personas/*', lazy: () => import('../areas/personas/routes.tsx').then((m) => ({ Component: m.PersonasRoutes })) },
  { path: 'servidores/*', lazy: () => import('../areas/servidores/routes.tsx').then((m) => ({ Component: m.ServidoresRoutes })) },
  { path: 'desarrollos/*', lazy: () => import('../areas/desarrollos/routes.tsx').then((m) => ({ Component: m.DesarrollosRoutes })) },
  { path: 'instaladores/*', lazy: () => import('../areas/paquetes/routes.tsx').then((m) => ({ Component: m.PaquetesRoutes })) },
  { path: 'insights/*', lazy: () => import('../areas/insights/routes.tsx').then((m) => ({ Component: m.InsightsRoutes })) },
  { path: 'soluciones/productos/*', lazy: () => import('../areas/productos/routes.tsx').then((m) => ({ Component: m.ProductosRoutes })) },
  { path: 'soluciones/apk/*', lazy: () => import('../areas/aplicaciones/routes.tsx').then((m) => ({ Component: m.AplicacionesRoutes })) },
  { path: 'soluciones/web/*', lazy: () => import('../areas/sitios/routes.tsx').then((m) => ({ Component: m.SitiosRoutes })) },
  { path: 'soluciones/reporte/*', lazy: () => import('../areas/reportes/routes.tsx').then((m) => ({ Component: m.ReportesRoutes })) },
  { path: 'versiones/*', lazy: () => import('../areas/versiones/routes.tsx').then((m) => ({ Component: m.VersionesRoutes })) },
  { path: 'dns/*', lazy: () => import('../areas/servidores/dns/routes.tsx').then((m) => ({ Component: m.DnsRoutes })) },
  { path: 'appsstore/*', lazy: () => import('../areas/appsstore/routes.tsx').then((m) => ({ Component: m.AppsStoreRoutes })) },
];

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
      { path: 'unauthorized', lazy: () => import('../pages/Unauthorized.tsx').then((m) => ({ Component: m.UnauthorizedPage })) },
      { path: 'forbidden', lazy: () => import('../pages/Forbidden.tsx').then((m) => ({ Component: m.ForbiddenPage })) },
      { path: 'maintenance', lazy: () => import('../pages/Maintenance.tsx').then((m) => ({ Component: m.MaintenancePage })) },
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
