import { SectionPending } from '../../pages/SectionPending.tsx';
import { AreaRoutes } from '../AreaRoutes.tsx';

/** The servidores area's screens (one lazy chunk); each one lands with its issue. */
export function ServidoresRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <SectionPending title="Servidores propios" /> },
      ]}
    />
  );
}
