import { SectionPending } from '../../pages/SectionPending.tsx';
import { AreaRoutes } from '../AreaRoutes.tsx';

/** The clientes area's screens (one lazy chunk); each one lands with its issue. */
export function ClientesRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: 'lista', element: <SectionPending title="Clientes" /> },
        { path: 'parametros', element: <SectionPending title="Instalaciones" /> },
        { path: 'vencimientosafip/lista', element: <SectionPending title="Vencimientos Afip" /> },
        { path: 'vencimientosphysis/lista', element: <SectionPending title="Vencimientos Physis" /> },
        { path: 'actualizaciones/lista', element: <SectionPending title="Actualizaciones" /> },
      ]}
    />
  );
}
