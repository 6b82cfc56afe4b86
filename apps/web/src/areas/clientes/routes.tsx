import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { ActualizacionesList } from './actualizaciones/ActualizacionesList.tsx';
import { EmpresaDetail } from './empresas/EmpresaDetail.tsx';
import { EmpresaEditar, EmpresaNueva } from './empresas/EmpresaForm.tsx';
import { EmpresasList } from './empresas/EmpresasList.tsx';
import { Instalaciones } from './empresas/Instalaciones.tsx';
import { VencimientosAfip } from './vencimientos/VencimientosAfip.tsx';
import { VencimientosPhysis } from './vencimientos/VencimientosPhysis.tsx';

/** The clientes area's screens (one lazy chunk); each one lands with its issue. */
export function ClientesRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: 'lista', element: <EmpresasList /> },
        { path: 'nuevo', element: <EmpresaNueva /> },
        { path: ':id', element: <EmpresaDetail /> },
        { path: ':id/editar', element: <EmpresaEditar /> },
        { path: 'parametros', element: <Instalaciones /> },
        { path: 'vencimientosafip/lista', element: <VencimientosAfip /> },
        { path: 'vencimientosphysis/lista', element: <VencimientosPhysis /> },
        { path: 'actualizaciones/lista', element: <ActualizacionesList /> },
      ]}
    />
  );
}
