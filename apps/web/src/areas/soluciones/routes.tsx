import { AreaRoutes } from '../AreaRoutes.tsx';
import { ApkRoutes } from './apk/routes.tsx';
import { ProductoDetail } from './productos/ProductoDetail.tsx';
import { ProductoEditar, ProductoNuevo } from './productos/ProductoForm.tsx';
import { ProductosList } from './productos/ProductosList.tsx';
import { ReporteRoutes } from './reporte/routes.tsx';
import { WebRoutes } from './web/routes.tsx';

/** The soluciones area's screens (one lazy chunk); apk, web and reporte keep their own route lists. */
export function SolucionesRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: 'productos', element: <ProductosList /> },
        { path: 'productos/nuevo', element: <ProductoNuevo /> },
        { path: 'productos/:id', element: <ProductoDetail /> },
        { path: 'productos/:id/editar', element: <ProductoEditar /> },
        { path: 'apk/*', element: <ApkRoutes /> },
        { path: 'web/*', element: <WebRoutes /> },
        { path: 'reporte/*', element: <ReporteRoutes /> },
      ]}
    />
  );
}
