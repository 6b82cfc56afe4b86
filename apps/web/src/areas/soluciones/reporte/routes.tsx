import { SectionPending } from '../../../pages/SectionPending.tsx';
import { AreaRoutes } from '../../AreaRoutes.tsx';

/** /soluciones/reporte: its screens land with issue 8. */
export function ReporteRoutes() {
  return <AreaRoutes routes={[{ path: '', element: <SectionPending title="Reportes" /> }]} />;
}
