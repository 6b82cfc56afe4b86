import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { envelope } from '@intranet/contract/shared/envelope';
import { reporteCatalogo, reporteResultado } from '@intranet/contract/areas/reportes';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';

/** Everything of the area under 'reportes'. */
export const reportesKeys = {
  catalogo: ['reportes', 'catalogo'] as const,
  resultado: (id: string, params: string) => ['reportes', 'resultado', id, params] as const,
};

const url = (path: string) => apiUrl('api', `/api/reportes${path}`);

/** The reports the session may run (`GET /api/reportes`). */
export function useCatalogo() {
  return useQuery({
    queryKey: reportesKeys.catalogo,
    queryFn: async ({ signal }) => (await http.get(url(''), envelope(reporteCatalogo), { signal })).datos,
    staleTime: 60_000,
  });
}

/** One run of a report with its parameters (`GET /api/reportes/:id?…`); off while the parameters are invalid. */
export function useResultado(id: string, params: string | null) {
  return useQuery({
    queryKey: reportesKeys.resultado(id, params ?? ''),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/${encodeURIComponent(id)}?${params ?? ''}`), envelope(reporteResultado), { signal })).datos,
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the same run. */
export const reporteCsvUrl = (id: string, params: string) =>
  url(`/${encodeURIComponent(id)}/export.csv${params ? `?${params}` : ''}`);
