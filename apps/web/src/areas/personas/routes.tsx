import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { usePermiso, usePermisos } from '../../core/permisos/usePermiso.ts';
import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { PersonaDetail } from './PersonaDetail.tsx';
import { PersonaEditar, PersonaNueva } from './PersonaForm.tsx';
import { PersonasList } from './PersonasList.tsx';
import { RolEditar, RolNuevo } from './RolEditor.tsx';
import { RolesList } from './RolesList.tsx';

/**
 * Roles are USUARIOS#ADMIN's: others reaching the address go to /forbidden as a refused call sends
 * them, before a screen such as "Nuevo rol", which asks nothing of the server, is drawn.
 */
function SoloAdministradores({ children }: { children: ReactNode }) {
  const permisos = usePermisos();
  const admin = usePermiso('USUARIOS#ADMIN');
  if (permisos.isPending) return null;
  if (!admin) return <Navigate to="/forbidden" replace />;
  return children;
}

/** The Personas screens (one lazy chunk): people, their accounts and the roles. */
export function PersonasRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <PersonasList /> },
        { path: 'nueva', element: <PersonaNueva /> },
        {
          path: 'roles',
          element: (
            <SoloAdministradores>
              <RolesList />
            </SoloAdministradores>
          ),
        },
        {
          path: 'roles/nuevo',
          element: (
            <SoloAdministradores>
              <RolNuevo />
            </SoloAdministradores>
          ),
        },
        {
          path: 'roles/:id',
          element: (
            <SoloAdministradores>
              <RolEditar />
            </SoloAdministradores>
          ),
        },
        { path: ':id', element: <PersonaDetail /> },
        { path: ':id/editar', element: <PersonaEditar /> },
      ]}
    />
  );
}
