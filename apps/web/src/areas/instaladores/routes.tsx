import { SectionPending } from '../../pages/SectionPending.tsx';
import { AreaRoutes } from '../AreaRoutes.tsx';

/** The instaladores area's screens (one lazy chunk); each one lands with its issue. */
export function InstaladoresRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <SectionPending title="Paquetes de instalación" /> },
      ]}
    />
  );
}
