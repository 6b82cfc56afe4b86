import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { StoreCatalogo } from './StoreCatalogo.tsx';
import { StoreConfigScreen } from './StoreConfigScreen.tsx';
import { StoreHistorial } from './StoreHistorial.tsx';

/** The AppsStore screens (one lazy chunk): configuration, catalogue and history. */
export function AppsStoreRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <StoreConfigScreen /> },
        { path: 'catalogo', element: <StoreCatalogo /> },
        { path: 'historial', element: <StoreHistorial /> },
      ]}
    />
  );
}
