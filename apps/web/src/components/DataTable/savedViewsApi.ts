import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VistaCambios, VistaInput, VistaLista } from '@intranet/contract/areas/vistas';
import { vistasApi } from '@intranet/contract/areas/vistas/endpoints';
import { call } from '../../core/http/endpoint.ts';

const key = (lista: VistaLista) => ['vistas', lista] as const;

/** A list's saved views (the caller's and the shared ones) and the caller's default. */
export function useVistas(lista: VistaLista) {
  return useQuery({
    queryKey: key(lista),
    queryFn: async ({ signal }) => (await call(vistasApi.todas, { query: { lista }, signal })).datos,
    staleTime: 60_000,
  });
}

export function useVistaMutations(lista: VistaLista) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: key(lista) });
  return {
    crear: useMutation({
      mutationFn: async (input: VistaInput) => (await call(vistasApi.crear, { body: input })).datos,
      onSuccess: refresh,
    }),
    cambiar: useMutation({
      mutationFn: async ({ id, cambios }: { id: number; cambios: VistaCambios }) =>
        (await call(vistasApi.modificar, { params: { id }, body: cambios })).datos,
      onSuccess: refresh,
    }),
    eliminar: useMutation({
      mutationFn: (id: number) => call(vistasApi.eliminar, { params: { id } }),
      onSuccess: refresh,
    }),
    predeterminar: useMutation({
      mutationFn: (vistaId: number | null) => call(vistasApi.predeterminada, { body: { lista, vista_id: vistaId } }),
      onSuccess: refresh,
    }),
  };
}
