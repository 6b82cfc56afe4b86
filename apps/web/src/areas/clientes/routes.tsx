import { SectionPending } from '../../pages/SectionPending.tsx';
import { AreaRoutes } from '../AreaRoutes.tsx';
import { EmpresaDetail } from './empresas/EmpresaDetail.tsx';
import { EmpresaEditar, EmpresaNueva } from './empresas/EmpresaForm.tsx';
import { EmpresasList } from './empresas/EmpresasList.tsx';
import { Instalaciones } from './empresas/Instalaciones.tsx';

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
        { path: 'vencimientosafip/lista', element: <SectionPending title="Vencimientos Afip" /> },
        { path: 'vencimientosphysis/lista', element: <SectionPending title="Vencimientos Physis" /> },
        { path: 'actualizaciones/lista', element: <SectionPending title="Actualizaciones" /> },
      ]}
    />
  );
}
