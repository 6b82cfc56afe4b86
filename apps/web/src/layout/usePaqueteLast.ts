import { useQuery } from '@tanstack/react-query';
import { paquetesApi } from '@intranet/contract/areas/paquetes/endpoints';
import { call } from '../core/http/endpoint.ts';

/**
 * The latest installer package for the top bar. Asked only when PACKS#VER is granted, and quietly: a user
 * without the code is not sent to /forbidden by the top bar.
 */
export function usePaqueteLast(allowed: boolean) {
  return useQuery({
    queryKey: ['paquetes', 'last'],
    queryFn: () => call(paquetesApi.last, { options: { quiet: true } }),
    enabled: allowed,
    staleTime: 5 * 60_000,
  });
}
