import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportesApi } from '@intranet/contract/areas/reportes/endpoints';
import { call, endpointUrl } from '../../core/http/endpoint.ts';

/** Everything of the area under 'reportes'. */
export const reportesKeys = {
  catalogo: ['reportes', 'catalogo'] as const,
  resultado: (id: string, params: string) => ['reportes', 'resultado', id, params] as const,
};

/** The reports the session may run (`GET /api/reportes`). */
export function useCatalogo() {
  return useQuery({
    queryKey: reportesKeys.catalogo,
    queryFn: async ({ signal }) => (await call(reportesApi.catalogo, { signal })).datos,
    staleTime: 60_000,
  });
}

/** One run of a report with its parameters (`GET /api/reportes/:id?…`); off while the parameters are invalid. */
export function useResultado(id: string, params: string | null) {
  return useQuery({
    queryKey: reportesKeys.resultado(id, params ?? ''),
    queryFn: async ({ signal }) =>
      (await call(reportesApi.resultado, { params: { id }, query: new URLSearchParams(params ?? ''), signal })).datos,
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the same run. */
export const reporteCsvUrl = (id: string, params: string) =>
  endpointUrl(reportesApi.csv, { params: { id }, query: new URLSearchParams(params) });
