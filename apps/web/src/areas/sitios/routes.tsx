import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { SitioDetail } from './SitioDetail.tsx';
import { SitioEditar, SitioNuevo } from './SitioForm.tsx';
import { SitiosList } from './SitiosList.tsx';
import { SitiosVencimientos } from './SitiosVencimientos.tsx';

/** /soluciones/web: the sites list, the site-expiry grid, a site's detail and its forms. */
export function SitiosRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <SitiosList /> },
        { path: 'vencimientos', element: <SitiosVencimientos /> },
        { path: 'nuevo', element: <SitioNuevo /> },
        { path: ':id', element: <SitioDetail /> },
        { path: ':id/editar', element: <SitioEditar /> },
      ]}
    />
  );
}
