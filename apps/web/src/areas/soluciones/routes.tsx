import { SectionPending } from '../../pages/SectionPending.tsx';
import { AreaRoutes } from '../AreaRoutes.tsx';

/** The soluciones area's screens (one lazy chunk); each one lands with its issue. */
export function SolucionesRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: 'productos', element: <SectionPending title="Productos" /> },
        { path: 'apk', element: <SectionPending title="Aplicaciones" /> },
        { path: 'web', element: <SectionPending title="Sitios Webs" /> },
        { path: 'reporte', element: <SectionPending title="Reportes" /> },
      ]}
    />
  );
}
