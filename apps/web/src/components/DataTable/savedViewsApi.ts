import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import {
  vista,
  vistasRespuesta,
  type VistaCambios,
  type VistaInput,
  type VistaLista,
} from '@intranet/contract/areas/vistas';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';

const url = (path = '') => apiUrl('api', `/api/vistas${path}`);
const key = (lista: VistaLista) => ['vistas', lista] as const;

/** A list's saved views (the caller's and the shared ones) and the caller's default. */
export function useVistas(lista: VistaLista) {
  return useQuery({
    queryKey: key(lista),
    queryFn: async ({ signal }) =>
      (await http.get(url(`?lista=${lista}`), envelope(vistasRespuesta), { signal })).datos,
    staleTime: 60_000,
  });
}

export function useVistaMutations(lista: VistaLista) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: key(lista) });
  return {
    crear: useMutation({
      mutationFn: async (input: VistaInput) => (await http.post(url(), input, envelope(vista))).datos,
      onSuccess: refresh,
    }),
    cambiar: useMutation({
      mutationFn: async ({ id, cambios }: { id: number; cambios: VistaCambios }) =>
        (await http.put(url(`/${id}`), cambios, envelope(vista))).datos,
      onSuccess: refresh,
    }),
    eliminar: useMutation({ mutationFn: (id: number) => http.delete(url(`/${id}`), okBody), onSuccess: refresh }),
    predeterminar: useMutation({
      mutationFn: (vistaId: number | null) => http.put(url('/predeterminada'), { lista, vista_id: vistaId }, okBody),
      onSuccess: refresh,
    }),
  };
}
