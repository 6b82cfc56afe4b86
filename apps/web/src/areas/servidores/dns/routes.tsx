import { AreaRoutes } from '../../../components/AreaRoutes.tsx';
import { DnsList } from './DnsList.tsx';

/** The Servicio DNS screens; a server's DNS entries are edited in its detail (servidores). */
export function DnsRoutes() {
  return <AreaRoutes routes={[{ path: '', element: <DnsList /> }]} />;
}
