import { SectionPending } from '../../pages/SectionPending.tsx';
import { AreaRoutes } from '../AreaRoutes.tsx';

/** The dns area's screens (one lazy chunk); each one lands with its issue. */
export function DnsRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <SectionPending title="Servicio DNS" /> },
      ]}
    />
  );
}
