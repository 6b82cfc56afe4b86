import { insightsApi } from '@intranet/contract/areas/insights/endpoints';
import { call } from '../http/endpoint.ts';

/** The DSN the portal's own web app reports to, or null when the server turned it off (MONITOR=0). */
export async function monitorDsn(): Promise<string | null> {
  const answer = await call(insightsApi.monitorPropio, { options: { skipAuth: true, quiet: true } });
  return answer.datos.dsn;
}
