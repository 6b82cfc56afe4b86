import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { PaqueteDetail } from './PaqueteDetail.tsx';
import { PaqueteEditar } from './PaqueteForm.tsx';
import { PaquetesList } from './PaquetesList.tsx';

/** The Paquetes de instalación screens (/instaladores; one lazy chunk). */
export function PaquetesRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <PaquetesList /> },
        { path: ':id', element: <PaqueteDetail /> },
        { path: ':id/editar', element: <PaqueteEditar /> },
      ]}
    />
  );
}
