import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  actualizacion,
  type actualizacionInput,
  actualizacionOpciones,
  actualizacionPage,
  productoDesactualizados,
} from '@intranet/contract/areas/clientes/actualizaciones';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { apiUrl } from '../../../core/config/config.ts';
import { http } from '../../../core/http/http.ts';

export type ActualizacionValues = z.output<typeof actualizacionInput>;

export const actualizacionesKeys = {
  all: ['actualizaciones'] as const,
  lista: (params: string) => ['actualizaciones', 'lista', params] as const,
  desactualizados: (params: string) => ['actualizaciones', 'desactualizados', params] as const,
  opciones: (empresaId: number | null) => ['actualizaciones', 'opciones', empresaId] as const,
};

const url = (path: string) => apiUrl('api', `/api/actualizaciones${path}`);

export function useActualizaciones(params: string) {
  return useQuery({
    queryKey: actualizacionesKeys.lista(params),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/lista?${params}`), envelope(actualizacionPage), { signal })).datos,
    placeholderData: keepPreviousData,
  });
}

/** The list's bulk actions: `POST {this}/lote` and `{this}/lote/export.csv`. */
export const actualizacionesLoteUrl = () => url('');
export const actualizacionesCsvUrl = (exportParams: string) =>
  url(`/export.csv${exportParams ? `?${exportParams}` : ''}`);

type FiltroDesactualizados = { producto_id?: number | undefined; empresa_id?: number | undefined };

function desactualizadosParams(filtro: FiltroDesactualizados): string {
  const params = new URLSearchParams();
  if (filtro.producto_id) params.set('producto_id', String(filtro.producto_id));
  if (filtro.empresa_id) params.set('empresa_id', String(filtro.empresa_id));
  return params.toString();
}

/** "Clientes desactualizados" as a CSV, a row per server behind, under the same filter as the view. */
export const desactualizadosCsvUrl = (filtro: FiltroDesactualizados = {}) => {
  const qs = desactualizadosParams(filtro);
  return url(`/desactualizados/export.csv${qs ? `?${qs}` : ''}`);
};

export function useDesactualizados(filtro: FiltroDesactualizados = {}) {
  const qs = desactualizadosParams(filtro);
  return useQuery({
    queryKey: actualizacionesKeys.desactualizados(qs),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/desactualizados?${qs}`), envelope(z.array(productoDesactualizados)), { signal })).datos,
  });
}

/** The client's servers and every version, for the form and the version filter. */
export function useActualizacionOpciones(empresaId: number | null) {
  return useQuery({
    queryKey: actualizacionesKeys.opciones(empresaId),
    queryFn: async ({ signal }) =>
      (
        await http.get(
          url(`/opciones${empresaId ? `?empresa_id=${empresaId}` : ''}`),
          envelope(actualizacionOpciones),
          { signal },
        )
      ).datos,
    placeholderData: keepPreviousData,
  });
}

/** Registering moves the server's version: the clients list, its detail and "desactualizados" refresh too. */
export function useRegistrarActualizacion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: ActualizacionValues) =>
      (await http.post(url(''), values, envelope(actualizacion))).datos,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: actualizacionesKeys.all }),
        client.invalidateQueries({ queryKey: ['empresas'] }),
        client.invalidateQueries({ queryKey: ['auditoria'] }),
      ]),
  });
}

export function useEliminarActualizacion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(url(`/${id}`), okBody);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: actualizacionesKeys.all }),
  });
}
