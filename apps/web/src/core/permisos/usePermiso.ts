import { useQuery } from '@tanstack/react-query';
import { authApi } from '@intranet/contract/areas/auth/endpoints';
import { PERMISSION_CODES, type PermissionCode } from '@intranet/contract/registry';
import { call } from '../http/endpoint.ts';
import { useSesion } from '../session/session.ts';

/** The codes a `permisos` answer grants. */
export const grantedCodes = (permisos: Record<string, boolean>): Set<string> =>
  new Set(
    Object.entries(permisos)
      .filter(([, allowed]) => allowed)
      .map(([code]) => code),
  );

/**
 * The session's granted codes: the whole catalogue asked in one `permisos` call, shared by the menu and by
 * every screen's write actions. Asked again whenever the user comes back to the tab, so a role changed
 * meanwhile shows at once, and a session revoked meanwhile meets its 401 at once.
 */
export function usePermisos() {
  const token = useSesion()?.token ?? null;
  return useQuery({
    queryKey: ['permisos', token],
    queryFn: async () => {
      const answer = await call(authApi.permisos, { body: [...PERMISSION_CODES] });
      return grantedCodes(answer.datos);
    },
    enabled: token !== null,
    staleTime: Infinity,
    refetchOnWindowFocus: 'always',
  });
}

/**
 * Whether the session holds a code (the write codes, `SER#EDITAR`...). False until the answer arrives, so
 * write actions appear only once granted; the server still checks every call.
 */
export function usePermiso(code: PermissionCode): boolean {
  return usePermisos().data?.has(code) === true;
}
