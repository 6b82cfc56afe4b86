import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { ActualizacionesList } from './actualizaciones/ActualizacionesList.tsx';
import { ClienteDetail } from './empresas/ClienteDetail.tsx';
import { ClienteEditar, ClienteNuevo } from './empresas/ClienteForm.tsx';
import { ClientesList } from './empresas/ClientesList.tsx';
import { Instalaciones } from './empresas/Instalaciones.tsx';
import { VencimientosAfip } from './vencimientos/VencimientosAfip.tsx';
import { VencimientosPhysis } from './vencimientos/VencimientosPhysis.tsx';

/** The clientes area's screens (one lazy chunk); each one lands with its issue. */
export function ClientesRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: 'lista', element: <ClientesList /> },
        { path: 'nuevo', element: <ClienteNuevo /> },
        { path: ':id', element: <ClienteDetail /> },
        { path: ':id/editar', element: <ClienteEditar /> },
        { path: 'parametros', element: <Instalaciones /> },
        { path: 'vencimientosafip/lista', element: <VencimientosAfip /> },
        { path: 'vencimientosphysis/lista', element: <VencimientosPhysis /> },
        { path: 'actualizaciones/lista', element: <ActualizacionesList /> },
      ]}
    />
  );
}
