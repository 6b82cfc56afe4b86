import { SectionPending } from '../../../pages/SectionPending.tsx';
import { AreaRoutes } from '../../AreaRoutes.tsx';

/** /soluciones/apk: its screens land with issue 8. */
export function ApkRoutes() {
  return <AreaRoutes routes={[{ path: '', element: <SectionPending title="Aplicaciones" /> }]} />;
}
