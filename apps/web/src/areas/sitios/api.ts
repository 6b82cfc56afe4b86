import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import {
  sitio,
  sitioOpciones,
  sitioPage,
  sitioVencimientoMeses,
  sitioVencimientoPage,
  verificaciones,
  verificarResultado,
  verificarVariosResultado,
  type SitioValues,
} from '@intranet/contract/areas/sitios';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';

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

const url = (path: string) => apiUrl('api', `/api/sitios${path}`);
/** The list's API path, for its import. */
export const sitiosUrl = () => url('');

/** One page of the sites list (`GET /api/sitios`). */
export function useSitios(params: string) {
  return useQuery({
    queryKey: sitiosKeys.lista(params),
    queryFn: async ({ signal }) => (await http.get(url(`?${params}`), envelope(sitioPage), { signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useSitio(id: number) {
  return useQuery({
    queryKey: sitiosKeys.detalle(id),
    queryFn: async ({ signal }) => (await http.get(url(`/${id}`), envelope(sitio), { signal })).datos,
  });
}

export function useVerificaciones(id: number) {
  return useQuery({
    queryKey: sitiosKeys.verificaciones(id),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/${id}/verificaciones`), envelope(verificaciones), { signal })).datos,
  });
}

/** The own servers with their DNS entries (form and filter). */
export function useSitioOpciones() {
  return useQuery({
    queryKey: sitiosKeys.opciones,
    queryFn: async ({ signal }) => (await http.get(url('/opciones'), envelope(sitioOpciones), { signal })).datos,
    staleTime: 60_000,
  });
}

/** One page of the site-expiry grid. */
export function useSitiosVencimientos(params: string) {
  return useQuery({
    queryKey: sitiosKeys.vencimientos(params),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/vencimientos?${params}`), envelope(sitioVencimientoPage), { signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useSitiosMeses() {
  return useQuery({
    queryKey: sitiosKeys.meses,
    queryFn: async ({ signal }) =>
      (await http.get(url('/vencimientos/meses'), envelope(sitioVencimientoMeses), { signal })).datos,
  });
}

/** The `export.csv` addresses with the current filters. */
export const sitiosCsvUrl = (exportParams: string) => url(`/export.csv${exportParams ? `?${exportParams}` : ''}`);
export const sitiosVencimientosCsvUrl = (exportParams: string) =>
  url(`/vencimientos/export.csv${exportParams ? `?${exportParams}` : ''}`);
/** The expiry grid's path for its bulk bar (`…/lote/export.csv`). */
export const sitiosVencimientosLoteUrl = () => url('/vencimientos');

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
        ? await http.post(url(''), values, envelope(sitio))
        : await http.put(url(`/${id}`), values, envelope(sitio))
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarSitio() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => http.delete(url(`/${id}`), okBody),
    onSuccess: (_answer, id) => invalidate(id),
  });
}

/** "Verificar" one site: the check (whatever its result) and the site as it is now. */
export function useVerificarSitio() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) =>
      (await http.post(url(`/${id}/verificar`), undefined, envelope(verificarResultado))).datos,
    onSuccess: () => invalidate(),
  });
}

/** "Verificar seleccionados". */
export function useVerificarSitios() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      (await http.post(url('/verificar'), { ids }, envelope(verificarVariosResultado))).datos,
    onSuccess: () => invalidate(),
  });
}
