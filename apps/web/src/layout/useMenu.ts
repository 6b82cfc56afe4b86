import { usePermisos } from '../core/permisos/usePermiso.ts';
import { filterMenu } from './filterMenu.ts';
import { MENU } from './menu.ts';
import type { MenuEntry } from '../core/menu.ts';

/** The menu this user may see. */
export function useMenu(): {
  entries: MenuEntry[];
  granted: ReadonlySet<string>;
  status: 'pending' | 'error' | 'success';
  retry: () => void;
} {
  const permisos = usePermisos();
  const granted = permisos.data ?? new Set<string>();
  return {
    entries: permisos.data ? filterMenu(MENU, permisos.data) : [],
    granted,
    status: permisos.status,
    retry: () => void permisos.refetch(),
  };
}
