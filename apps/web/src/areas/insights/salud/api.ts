import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaludAlerta } from '@intranet/contract/areas/insights';
import { insightsApi } from '@intranet/contract/areas/insights/endpoints';
import { call } from '../../../core/http/endpoint.ts';

const claves = {
  salud: (id: number) => ['insights', 'salud', id] as const,
};

/**
 * Release health: the project's releases' crash-free rates, adoption and sessions per day, of the last `dias` days;
 * of one environment when `entorno` is given.
 */
export function useSaludReleases(proyectoId: number, dias: number, entorno: string | null = null) {
  return useQuery({
    queryKey: [...claves.salud(proyectoId), dias, entorno],
    queryFn: async ({ signal }) =>
      (
        await call(insightsApi.saludReleases, {
          params: { id: proyectoId },
          query: entorno === null ? { dias } : { dias, entorno },
          signal,
        })
      ).datos,
    placeholderData: keepPreviousData,
  });
}

/** Sets the project's crash-free alert. */
export function useGuardarAlertaSalud(proyectoId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (alerta: SaludAlerta) =>
      (await call(insightsApi.saludAlerta, { params: { id: proyectoId }, body: alerta })).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: claves.salud(proyectoId) }),
  });
}
