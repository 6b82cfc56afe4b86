import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { MisAlertasScreen } from './MisAlertasScreen.tsx';
import { NotificacionDetail, NotificacionesScreen } from './NotificacionesScreen.tsx';
import { RolesScreen } from './RolesScreen.tsx';
import { TareasScreen } from './TareasScreen.tsx';
import { WebhooksScreen } from './WebhooksScreen.tsx';

/**
 * /alertas: the scheduled jobs, the webhooks and the defaults per role (admins), the signed-in person's notifications
 * and one notification's items.
 */
export function AlertasRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: 'tareas', element: <TareasScreen /> },
        { path: 'mis-alertas', element: <MisAlertasScreen /> },
        { path: 'webhooks', element: <WebhooksScreen /> },
        { path: 'roles', element: <RolesScreen /> },
        { path: 'notificaciones', element: <NotificacionesScreen /> },
        { path: 'notificaciones/:id', element: <NotificacionDetail /> },
      ]}
    />
  );
}
