import { AreaRoutes } from '../AreaRoutes.tsx';
import { PaqueteDetail } from './PaqueteDetail.tsx';
import { PaqueteEditar } from './PaqueteForm.tsx';
import { PaquetesList } from './PaquetesList.tsx';

/** The Paquetes de instalación screens (one lazy chunk). */
export function InstaladoresRoutes() {
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
