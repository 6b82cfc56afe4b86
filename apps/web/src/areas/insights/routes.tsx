import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { IssueDetail } from './IssueDetail.tsx';
import { IssuesList } from './IssuesList.tsx';
import { MonitorDetail } from './monitores/MonitorDetail.tsx';
import { MonitorEditar, MonitorNuevo } from './monitores/MonitorForm.tsx';
import { ProyectoDetail } from './ProyectoDetail.tsx';
import { ProyectoEditar, ProyectoNuevo } from './ProyectoForm.tsx';
import { ProyectosList } from './ProyectosList.tsx';
import { TransaccionesPage } from './rendimiento/TransaccionesPage.tsx';
import { TransaccionPage } from './rendimiento/TransaccionPage.tsx';
import { TrazaPage } from './rendimiento/TrazaPage.tsx';

/** The Monitor de errores screens (one lazy chunk). */
export function InsightsRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <IssuesList /> },
        { path: 'proyectos', element: <ProyectosList /> },
        { path: 'proyectos/nuevo', element: <ProyectoNuevo /> },
        { path: 'proyectos/:id', element: <ProyectoDetail /> },
        { path: 'proyectos/:id/editar', element: <ProyectoEditar /> },
        { path: 'proyectos/:id/rendimiento', element: <TransaccionesPage /> },
        { path: 'proyectos/:id/transacciones/:transaccion', element: <TransaccionPage /> },
        { path: 'trazas/:traza', element: <TrazaPage /> },
        { path: 'proyectos/:id/monitores/nuevo', element: <MonitorNuevo /> },
        { path: 'monitores/:id', element: <MonitorDetail /> },
        { path: 'monitores/:id/editar', element: <MonitorEditar /> },
        { path: ':id', element: <IssueDetail /> },
      ]}
    />
  );
}
