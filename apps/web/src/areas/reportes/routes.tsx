import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { ReporteScreen } from './ReporteScreen.tsx';
import { ReportesCatalogo } from './ReportesCatalogo.tsx';

/** /soluciones/reporte: the catalogue of reports, and each report with its parameters in the URL. */
export function ReportesRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <ReportesCatalogo /> },
        { path: ':id', element: <ReporteScreen /> },
      ]}
    />
  );
}
