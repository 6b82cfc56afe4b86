import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  storeAplicaciones,
  storeCatalogoPage,
  storeCategorias,
  storeConfig,
  type StoreConfigValues,
} from '@intranet/contract/areas/appsstore';
import { envelope } from '@intranet/contract/shared/envelope';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';

/** Query keys: everything of the area under 'appsstore', so a saved configuration refreshes the catalogue too. */
export const appsstoreKeys = {
  all: ['appsstore'] as const,
  config: ['appsstore', 'config'] as const,
  aplicaciones: ['appsstore', 'aplicaciones'] as const,
  catalogo: (params: string) => ['appsstore', 'catalogo', params] as const,
  categorias: ['appsstore', 'categorias'] as const,
};

const url = (path: string) => apiUrl('api', `/api/appsstore${path}`);

/** `GET /api/appsstore/config`. */
export function useStoreConfig() {
  return useQuery({
    queryKey: appsstoreKeys.config,
    queryFn: async ({ signal }) => (await http.get(url('/config'), envelope(storeConfig), { signal })).datos,
  });
}

/** Every application, for the featured select. */
export function useStoreAplicaciones() {
  return useQuery({
    queryKey: appsstoreKeys.aplicaciones,
    queryFn: async ({ signal }) =>
      (await http.get(url('/aplicaciones'), envelope(storeAplicaciones), { signal })).datos,
    staleTime: 30_000,
  });
}

/** `PUT /api/appsstore/config`. */
export function useGuardarConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: StoreConfigValues) =>
      (await http.put(url('/config'), values, envelope(storeConfig))).datos,
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
      (await http.get(url(`/catalogo?${params}`), envelope(storeCatalogoPage), { signal })).datos,
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
    queryFn: async ({ signal }) =>
      (await http.get(url('/catalogo/categorias'), envelope(storeCategorias), { signal })).datos,
    staleTime: 60_000,
  });
}

export const catalogoCsvUrl = (exportParams: string) =>
  url(`/catalogo/export.csv${exportParams ? `?${exportParams}` : ''}`);

/** The public F-Droid-like index, as an absolute address (it goes into a QR code and to devices). */
export const indiceUrl = (): string => new URL(apiUrl('store', '/api/store/index-v1.json'), window.location.href).href;
