import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { actualizacionInput } from '@intranet/contract/areas/clientes/actualizaciones';
import { actualizacionesApi } from '@intranet/contract/areas/clientes/actualizaciones-endpoints';
import { searchOf } from '@intranet/contract/shared/endpoint';
import { call, endpointUrl } from '../../../core/http/endpoint.ts';

export type ActualizacionValues = z.output<typeof actualizacionInput>;

export const actualizacionesKeys = {
  all: ['actualizaciones'] as const,
  lista: (params: string) => ['actualizaciones', 'lista', params] as const,
  desactualizados: (params: string) => ['actualizaciones', 'desactualizados', params] as const,
  opciones: (clienteId: number | null) => ['actualizaciones', 'opciones', clienteId] as const,
};

export function useActualizaciones(params: string) {
  return useQuery({
    queryKey: actualizacionesKeys.lista(params),
    queryFn: async ({ signal }) =>
      (await call(actualizacionesApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

/** The list's bulk actions: `POST {this}/lote` and `{this}/lote/export.csv`. */
export const actualizacionesLoteUrl = () => endpointUrl(actualizacionesApi.registrar);
export const actualizacionesCsvUrl = (exportParams: string) =>
  endpointUrl(actualizacionesApi.csv, { query: new URLSearchParams(exportParams) });

type FiltroDesactualizados = { producto_id?: number | undefined; empresa_id?: number | undefined };

/** The view's filter as the query of both its routes (no id is 0: a falsy one is no filter). */
const queryDeFiltro = (filtro: FiltroDesactualizados) => ({
  producto_id: filtro.producto_id || undefined,
  empresa_id: filtro.empresa_id || undefined,
});

/** "Clientes desactualizados" as a CSV, a row per server behind, under the same filter as the view. */
export const desactualizadosCsvUrl = (filtro: FiltroDesactualizados = {}) =>
  endpointUrl(actualizacionesApi.desactualizadosCsv, { query: queryDeFiltro(filtro) });

export function useDesactualizados(filtro: FiltroDesactualizados = {}) {
  const query = queryDeFiltro(filtro);
  return useQuery({
    queryKey: actualizacionesKeys.desactualizados(searchOf(query)),
    queryFn: async ({ signal }) => (await call(actualizacionesApi.desactualizados, { query, signal })).datos,
  });
}

/** The client's servers and every version, for the form and the version filter. */
export function useActualizacionOpciones(clienteId: number | null) {
  return useQuery({
    queryKey: actualizacionesKeys.opciones(clienteId),
    queryFn: async ({ signal }) =>
      (await call(actualizacionesApi.opciones, { query: { empresa_id: clienteId || undefined }, signal })).datos,
    placeholderData: keepPreviousData,
  });
}

/** Registering moves the server's version: the clients list, its detail and "desactualizados" refresh too. */
export function useRegistrarActualizacion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: ActualizacionValues) =>
      (await call(actualizacionesApi.registrar, { body: values })).datos,
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
      await call(actualizacionesApi.eliminar, { params: { id } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: actualizacionesKeys.all }),
  });
}
