import { useQuery } from '@tanstack/react-query';
import { permisosResponse } from '@intranet/contract/auth';
import { apiUrl } from '../core/config/config.ts';
import { http } from '../core/http/http.ts';
import { useSesion } from '../core/session/session.ts';
import { filterMenu, grantedCodes } from './filterMenu.ts';
import { MENU, menuCodes } from './menu.ts';
import type { MenuEntry } from './menuTypes.ts';

const CODES = menuCodes(MENU);

/** The session's granted codes, asked for the whole menu in one `permisos` call. */
export function usePermisos() {
  const token = useSesion()?.token ?? null;
  return useQuery({
    queryKey: ['permisos', token],
    queryFn: async () => {
      const answer = await http.post(apiUrl('api', '/api/auth/permisos'), CODES, permisosResponse);
      return grantedCodes(answer.datos);
    },
    enabled: token !== null,
    // Asked again whenever the user comes back to the tab: a role changed meanwhile shows in the menu, and a
    // session revoked meanwhile meets its 401 at once instead of at the next click.
    staleTime: Infinity,
    refetchOnWindowFocus: 'always',
  });
}

/** The menu this user may see. */
export function useMenu(): { entries: MenuEntry[]; granted: ReadonlySet<string>; status: 'pending' | 'error' | 'success'; retry: () => void } {
  const permisos = usePermisos();
  const granted = permisos.data ?? new Set<string>();
  return {
    entries: permisos.data ? filterMenu(MENU, permisos.data) : [],
    granted,
    status: permisos.status,
    retry: () => void permisos.refetch(),
  };
}
