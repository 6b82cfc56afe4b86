import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { IssueDetail } from './IssueDetail.tsx';
import { IssuesList } from './IssuesList.tsx';
import { ProyectoDetail } from './ProyectoDetail.tsx';
import { ProyectoEditar, ProyectoNuevo } from './ProyectoForm.tsx';
import { ProyectosList } from './ProyectosList.tsx';

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
        { path: ':id', element: <IssueDetail /> },
      ]}
    />
  );
}
