import { SectionPending } from '../../pages/SectionPending.tsx';
import { AreaRoutes } from '../AreaRoutes.tsx';

/** The personas area's screens (one lazy chunk); each one lands with its issue. */
export function PersonasRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <SectionPending title="Personas" /> },
      ]}
    />
  );
}
