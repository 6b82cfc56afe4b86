import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { MaquinaDetail } from './MaquinaDetail.tsx';
import { MaquinaEditar, MaquinaNueva } from './MaquinaForm.tsx';
import { MaquinasList } from './MaquinasList.tsx';

/** The Máquinas screens (one lazy chunk). */
export function MaquinasRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <MaquinasList /> },
        { path: 'nueva', element: <MaquinaNueva /> },
        { path: ':id', element: <MaquinaDetail /> },
        { path: ':id/editar', element: <MaquinaEditar /> },
      ]}
    />
  );
}
