import { useQuery } from '@tanstack/react-query';
import { permisosResponse } from '@intranet/contract/auth';
import type { PermissionCode } from '@intranet/contract/permissions';
import { apiUrl } from '../config/config.ts';
import { http } from '../http/http.ts';
import { useSesion } from '../session/session.ts';

/**
 * Whether the session holds a code the menu does not ask for (the write codes, `SER#EDITAR`...). False
 * until the answer arrives, so write actions appear only once granted; the server still checks every call.
 */
export function usePermiso(code: PermissionCode): boolean {
  const token = useSesion()?.token ?? null;
  const query = useQuery({
    queryKey: ['permisos', token, code],
    queryFn: async () => {
      const answer = await http.post(apiUrl('api', '/api/auth/permisos'), [code], permisosResponse);
      return answer.datos[code] === true;
    },
    enabled: token !== null,
    staleTime: Infinity,
  });
  return query.data === true;
}
