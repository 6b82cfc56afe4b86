import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { insightsLogsApi as api, type LogsQuery } from '@intranet/contract/areas/insights/logs';
import { call } from '../../../core/http/endpoint.ts';

export type FiltrosLogs = Omit<LogsQuery, 'cursor' | 'size'>;

/** The project's logs with the tab's filters, newest first, a page more each time "Ver más" is pressed. */
export function useLogs(proyectoId: number, filtros: FiltrosLogs) {
  return useInfiniteQuery({
    queryKey: ['insights', 'logs', proyectoId, filtros] as const,
    queryFn: async ({ signal, pageParam }) =>
      (
        await call(api.logs, {
          params: { id: proyectoId },
          query: { ...filtros, size: 50, ...(pageParam ? { cursor: pageParam } : {}) },
          signal,
        })
      ).datos,
    initialPageParam: '',
    getNextPageParam: (ultima) => ultima.siguiente ?? undefined,
    placeholderData: keepPreviousData,
  });
}
