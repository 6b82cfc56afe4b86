import { SectionPending } from '../../pages/SectionPending.tsx';
import { AreaRoutes } from '../AreaRoutes.tsx';

/** The maquinas area's screens (one lazy chunk); each one lands with its issue. */
export function MaquinasRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <SectionPending title="Maquinas" /> },
      ]}
    />
  );
}
