import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { AplicacionDetail } from './AplicacionDetail.tsx';
import { AplicacionEditar, AplicacionNueva } from './AplicacionForm.tsx';
import { AplicacionesList } from './AplicacionesList.tsx';

/** /soluciones/apk: the list, a new app, an app's detail (data, versions, history) and its edit form. */
export function AplicacionesRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <AplicacionesList /> },
        { path: 'nueva', element: <AplicacionNueva /> },
        { path: ':id', element: <AplicacionDetail /> },
        { path: ':id/editar', element: <AplicacionEditar /> },
      ]}
    />
  );
}
