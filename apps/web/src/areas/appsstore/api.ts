import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoreConfigValues } from '@intranet/contract/areas/appsstore';
import { appsstoreApi } from '@intranet/contract/areas/appsstore/endpoints';
import { tiendaApi } from '@intranet/contract/areas/appsstore/tienda-endpoints';
import { call, endpointUrl } from '../../core/http/endpoint.ts';

/** Query keys: everything of the area under 'appsstore', so a saved configuration refreshes the catalogue too. */
export const appsstoreKeys = {
  all: ['appsstore'] as const,
  config: ['appsstore', 'config'] as const,
  aplicaciones: ['appsstore', 'aplicaciones'] as const,
  catalogo: (params: string) => ['appsstore', 'catalogo', params] as const,
  categorias: ['appsstore', 'categorias'] as const,
};

/** `GET /api/appsstore/config`. */
export function useStoreConfig() {
  return useQuery({
    queryKey: appsstoreKeys.config,
    queryFn: async ({ signal }) => (await call(appsstoreApi.config, { signal })).datos,
  });
}

/** Every application, for the featured select. */
export function useStoreAplicaciones() {
  return useQuery({
    queryKey: appsstoreKeys.aplicaciones,
    queryFn: async ({ signal }) => (await call(appsstoreApi.aplicaciones, { signal })).datos,
    staleTime: 30_000,
  });
}

/** `PUT /api/appsstore/config`. */
export function useGuardarConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: StoreConfigValues) => (await call(appsstoreApi.guardarConfig, { body: values })).datos,
    onSuccess: (saved) => {
      client.setQueryData(appsstoreKeys.config, saved);
      return Promise.all([
        client.invalidateQueries({ queryKey: appsstoreKeys.all }),
        client.invalidateQueries({ queryKey: ['auditoria'] }),
      ]);
    },
  });
}

/** One page of the staff catalogue (`GET /api/appsstore/catalogo`). */
export function useCatalogo(params: string) {
  return useQuery({
    queryKey: appsstoreKeys.catalogo(params),
    queryFn: async ({ signal }) =>
      (await call(appsstoreApi.catalogo, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
    // Devices download all day: the counts on screen follow without a reload.
    refetchInterval: 60_000,
  });
}

/** The server counts a download before its first byte leaves: a moment later the catalogue shows the new count. */
export const REFRESCO_TRAS_DESCARGA_MS = 1500;

export function useRefrescarTrasDescarga() {
  const client = useQueryClient();
  return () => {
    window.setTimeout(
      () => void client.invalidateQueries({ queryKey: ['appsstore', 'catalogo'] }),
      REFRESCO_TRAS_DESCARGA_MS,
    );
  };
}

export function useCategorias() {
  return useQuery({
    queryKey: appsstoreKeys.categorias,
    queryFn: async ({ signal }) => (await call(appsstoreApi.categorias, { signal })).datos,
    staleTime: 60_000,
  });
}

export const catalogoCsvUrl = (exportParams: string) =>
  endpointUrl(appsstoreApi.catalogoCsv, { query: new URLSearchParams(exportParams) });

/** The public F-Droid-like index, as an absolute address (it goes into a QR code and to devices). */
export const indiceUrl = (): string => new URL(endpointUrl(tiendaApi.indice), window.location.href).href;
