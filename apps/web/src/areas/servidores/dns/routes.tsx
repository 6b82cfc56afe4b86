import { AreaRoutes } from '../../../components/AreaRoutes.tsx';
import { DnsDetail } from './DnsDetail.tsx';
import { DnsEditar, DnsNueva } from './DnsForm.tsx';
import { DnsList } from './DnsList.tsx';

/** The Servicio DNS screens; a server's DNS entries are also edited in place in its detail (servidores). */
export function DnsRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <DnsList /> },
        { path: 'nueva', element: <DnsNueva /> },
        { path: ':id', element: <DnsDetail /> },
        { path: ':id/editar', element: <DnsEditar /> },
      ]}
    />
  );
}
