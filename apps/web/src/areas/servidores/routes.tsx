import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { ServidorDetail } from './ServidorDetail.tsx';
import { ServidorEditar, ServidorNuevo } from './ServidorForm.tsx';
import { ServidoresList } from './ServidoresList.tsx';

/** The Servidores propios screens (one lazy chunk, with the DNS tab they embed). */
export function ServidoresRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <ServidoresList /> },
        { path: 'nuevo', element: <ServidorNuevo /> },
        { path: ':id', element: <ServidorDetail /> },
        { path: ':id/editar', element: <ServidorEditar /> },
      ]}
    />
  );
}
