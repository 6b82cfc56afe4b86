import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SitioValues } from '@intranet/contract/areas/sitios';
import { sitiosApi } from '@intranet/contract/areas/sitios/endpoints';
import { sitiosVencimientosApi } from '@intranet/contract/areas/sitios/vencimientos-endpoints';
import { call, endpointUrl } from '../../core/http/endpoint.ts';

export type { SitioValues };

/** Query keys: everything of the area under 'sitios', so one invalidation refreshes lists, grid and details. */
export const sitiosKeys = {
  all: ['sitios'] as const,
  lista: (params: string) => ['sitios', 'lista', params] as const,
  detalle: (id: number) => ['sitios', 'detalle', id] as const,
  verificaciones: (id: number) => ['sitios', 'verificaciones', id] as const,
  opciones: ['sitios', 'opciones'] as const,
  vencimientos: (params: string) => ['sitios', 'vencimientos', params] as const,
  meses: ['sitios', 'meses'] as const,
};

/** The list's API path, for its import and its bulk bar. */
export const sitiosUrl = () => endpointUrl(sitiosApi.lista);

/** One page of the sites list (`GET /api/sitios`). */
export function useSitios(params: string) {
  return useQuery({
    queryKey: sitiosKeys.lista(params),
    queryFn: async ({ signal }) => (await call(sitiosApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useSitio(id: number) {
  return useQuery({
    queryKey: sitiosKeys.detalle(id),
    queryFn: async ({ signal }) => (await call(sitiosApi.detalle, { params: { id }, signal })).datos,
  });
}

export function useVerificaciones(id: number) {
  return useQuery({
    queryKey: sitiosKeys.verificaciones(id),
    queryFn: async ({ signal }) => (await call(sitiosApi.verificaciones, { params: { id }, signal })).datos,
  });
}

/** The own servers with their DNS entries (form and filter). */
export function useSitioOpciones() {
  return useQuery({
    queryKey: sitiosKeys.opciones,
    queryFn: async ({ signal }) => (await call(sitiosApi.opciones, { signal })).datos,
    staleTime: 60_000,
  });
}

/** One page of the site-expiry grid. */
export function useSitiosVencimientos(params: string) {
  return useQuery({
    queryKey: sitiosKeys.vencimientos(params),
    queryFn: async ({ signal }) =>
      (await call(sitiosVencimientosApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useSitiosMeses() {
  return useQuery({
    queryKey: sitiosKeys.meses,
    queryFn: async ({ signal }) => (await call(sitiosVencimientosApi.meses, { signal })).datos,
  });
}

/** The `export.csv` addresses with the current filters. */
export const sitiosCsvUrl = (exportParams: string) =>
  endpointUrl(sitiosApi.csv, { query: new URLSearchParams(exportParams) });
export const sitiosVencimientosCsvUrl = (exportParams: string) =>
  endpointUrl(sitiosVencimientosApi.csv, { query: new URLSearchParams(exportParams) });
/** The expiry grid's path for its bulk bar (`…/lote/export.csv`). */
export const sitiosVencimientosLoteUrl = () => endpointUrl(sitiosVencimientosApi.lista);

/** A site change shows in the list, the grid, its detail and the history. */
function useInvalidate() {
  const client = useQueryClient();
  return (deletedId?: number) =>
    Promise.all([
      // A deleted site's open detail is not refetched: it would only answer 404 while the screen leaves.
      client.invalidateQueries({
        queryKey: sitiosKeys.all,
        predicate: (query) => deletedId === undefined || query.queryKey[2] !== deletedId,
      }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
}

/** Creates (no id) or updates a site. */
export function useGuardarSitio(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: SitioValues) =>
      (id === undefined
        ? await call(sitiosApi.crear, { body: values })
        : await call(sitiosApi.modificar, { params: { id }, body: values })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarSitio() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(sitiosApi.eliminar, { params: { id } }),
    onSuccess: (_answer, id) => invalidate(id),
  });
}

/** "Verificar" one site: the check (whatever its result) and the site as it is now. */
export function useVerificarSitio() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => (await call(sitiosApi.verificar, { params: { id } })).datos,
    onSuccess: () => invalidate(),
  });
}

/** "Verificar seleccionados". */
export function useVerificarSitios() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (ids: number[]) => (await call(sitiosApi.verificarVarios, { body: { ids } })).datos,
    onSuccess: () => invalidate(),
  });
}
