import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditRow } from '@intranet/contract/areas/auditoria';
import { envelope } from '@intranet/contract/shared/envelope';
import { paged } from '@intranet/contract/shared/list';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';

const auditPage = envelope(paged(auditRow));

export const HISTORY_PAGE_SIZE = 20;

/** The audit rows of one record, newest first (`GET {api}/api/auditoria?entidad=&id=`). */
export function useAuditoria(entidad: string, id: string, page: number) {
  return useQuery({
    queryKey: ['auditoria', entidad, id, page],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ entidad, id, page: String(page), size: String(HISTORY_PAGE_SIZE) });
      const answer = await http.get(apiUrl('api', `/api/auditoria?${params}`), auditPage, { signal });
      return answer.datos;
    },
    placeholderData: keepPreviousData,
  });
}
