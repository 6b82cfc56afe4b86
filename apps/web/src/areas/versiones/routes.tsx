import { SectionPending } from '../../pages/SectionPending.tsx';
import { AreaRoutes } from '../AreaRoutes.tsx';

/** The versiones area's screens (one lazy chunk); each one lands with its issue. */
export function VersionesRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <SectionPending title="Versiones" /> },
      ]}
    />
  );
}
