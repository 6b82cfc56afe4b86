import { SectionPending } from '../../pages/SectionPending.tsx';
import { AreaRoutes } from '../AreaRoutes.tsx';
import { ProductoDetail } from './productos/ProductoDetail.tsx';
import { ProductoEditar, ProductoNuevo } from './productos/ProductoForm.tsx';
import { ProductosList } from './productos/ProductosList.tsx';

/** The soluciones area's screens (one lazy chunk); each one lands with its issue. */
export function SolucionesRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: 'productos', element: <ProductosList /> },
        { path: 'productos/nuevo', element: <ProductoNuevo /> },
        { path: 'productos/:id', element: <ProductoDetail /> },
        { path: 'productos/:id/editar', element: <ProductoEditar /> },
        { path: 'apk', element: <SectionPending title="Aplicaciones" /> },
        { path: 'web', element: <SectionPending title="Sitios Webs" /> },
        { path: 'reporte', element: <SectionPending title="Reportes" /> },
      ]}
    />
  );
}
