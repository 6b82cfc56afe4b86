import { SectionPending } from '../../pages/SectionPending.tsx';
import { AreaRoutes } from '../AreaRoutes.tsx';

/** The desarrollos area's screens (one lazy chunk); each one lands with its issue. */
export function DesarrollosRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <SectionPending title="Desarrollos" /> },
      ]}
    />
  );
}
