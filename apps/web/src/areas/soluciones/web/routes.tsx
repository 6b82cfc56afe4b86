import { SectionPending } from '../../../pages/SectionPending.tsx';
import { AreaRoutes } from '../../AreaRoutes.tsx';

/** /soluciones/web: its screens land with issue 8. */
export function WebRoutes() {
  return <AreaRoutes routes={[{ path: '', element: <SectionPending title="Sitios Webs" /> }]} />;
}
