import { SectionPending } from '../../pages/SectionPending.tsx';
import { AreaRoutes } from '../AreaRoutes.tsx';

/** The insights area's screens (one lazy chunk); each one lands with its issue. */
export function InsightsRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <SectionPending title="Monitor de errores" /> },
      ]}
    />
  );
}
