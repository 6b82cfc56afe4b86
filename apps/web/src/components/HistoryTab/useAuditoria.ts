import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditoriaApi } from '@intranet/contract/areas/auditoria/endpoints';
import { call } from '../../core/http/endpoint.ts';

export const HISTORY_PAGE_SIZE = 20;

/** The audit rows of one record, newest first (`GET {api}/api/auditoria?entidad=&id=`). */
export function useAuditoria(entidad: string, id: string, page: number) {
  return useQuery({
    queryKey: ['auditoria', entidad, id, page],
    queryFn: async ({ signal }) =>
      (await call(auditoriaApi.historial, { query: { entidad, id, page, size: HISTORY_PAGE_SIZE }, signal })).datos,
    placeholderData: keepPreviousData,
  });
}
