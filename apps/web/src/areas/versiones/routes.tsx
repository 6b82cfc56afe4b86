import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { ChangelogProducto, ChangelogProductos } from './Changelog.tsx';
import { VersionDetail } from './VersionDetail.tsx';
import { VersionEditar, VersionNueva } from './VersionForm.tsx';
import { VersionesList } from './VersionesList.tsx';

/** The Versiones screens and the per-product changelog (one lazy chunk). */
export function VersionesRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <VersionesList /> },
        { path: 'nueva', element: <VersionNueva /> },
        { path: 'changelog', element: <ChangelogProductos /> },
        { path: 'changelog/:productoId', element: <ChangelogProducto /> },
        { path: ':id', element: <VersionDetail /> },
        { path: ':id/editar', element: <VersionEditar /> },
      ]}
    />
  );
}
