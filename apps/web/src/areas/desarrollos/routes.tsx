import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { DesarrolloDetail } from './DesarrolloDetail.tsx';
import { DesarrolloEditar, DesarrolloNuevo } from './DesarrolloForm.tsx';
import { DesarrollosList } from './DesarrollosList.tsx';
import { Tablero } from './Tablero.tsx';

/** The desarrollos area's screens (one lazy chunk): list, board, detail, forms. */
export function DesarrollosRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <DesarrollosList /> },
        { path: 'tablero', element: <Tablero /> },
        { path: 'nuevo', element: <DesarrolloNuevo /> },
        { path: ':id', element: <DesarrolloDetail /> },
        { path: ':id/editar', element: <DesarrolloEditar /> },
      ]}
    />
  );
}
