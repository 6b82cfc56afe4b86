import { SectionPending } from '../../pages/SectionPending.tsx';
import { AreaRoutes } from '../AreaRoutes.tsx';

/** The appsstore area's screens (one lazy chunk); each one lands with its issue. */
export function AppsStoreRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <SectionPending title="AppsStore" /> },
      ]}
    />
  );
}
