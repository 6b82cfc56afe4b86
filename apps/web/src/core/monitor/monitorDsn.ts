import { envelope } from '@intranet/contract/shared/envelope';
import { monitorPropio } from '@intranet/contract/areas/insights';
import { apiUrl } from '../config/config.ts';
import { http } from '../http/http.ts';

/** The DSN the portal's own web app reports to, or null when the server turned it off (MONITOR=0). */
export async function monitorDsn(): Promise<string | null> {
  const answer = await http.get(apiUrl('api', '/api/insights/monitor-propio'), envelope(monitorPropio), {
    skipAuth: true,
    quiet: true,
  });
  return answer.datos.dsn;
}
