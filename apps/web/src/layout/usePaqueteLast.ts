import { useQuery } from '@tanstack/react-query';
import { paqueteLast } from '@intranet/contract/areas/paquetes';
import { apiUrl } from '../core/config/config.ts';
import { http } from '../core/http/http.ts';

/**
 * The latest installer package for the top bar. Asked only when PACKS#VER is granted, and quietly: a user
 * without the code is not sent to /forbidden by the top bar.
 */
export function usePaqueteLast(allowed: boolean) {
  return useQuery({
    queryKey: ['paquetes', 'last'],
    queryFn: () => http.get(apiUrl('instaladores', '/api/paquetes/last'), paqueteLast.nullable(), { quiet: true }),
    enabled: allowed,
    staleTime: 5 * 60_000,
  });
}
