import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaludAlerta } from '@intranet/contract/areas/insights';
import { insightsApi } from '@intranet/contract/areas/insights/endpoints';
import { call } from '../../../core/http/endpoint.ts';

const claves = {
  salud: (id: number) => ['insights', 'salud', id] as const,
};

/** Release health: the project's releases' crash-free rates, adoption and sessions per day, of the last `dias` days. */
export function useSaludReleases(proyectoId: number, dias: number) {
  return useQuery({
    queryKey: [...claves.salud(proyectoId), dias],
    queryFn: async ({ signal }) =>
      (await call(insightsApi.saludReleases, { params: { id: proyectoId }, query: { dias }, signal })).datos,
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
