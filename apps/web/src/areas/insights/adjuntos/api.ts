import { useQuery } from '@tanstack/react-query';
import { insightsAdjuntosApi as api } from '@intranet/contract/areas/insights/adjuntos';
import { call, endpointUrl } from '../../../core/http/endpoint.ts';

/** An event's attachments. */
export function useAdjuntos(issueId: number, eventId: string) {
  return useQuery({
    queryKey: ['insights', 'issue', issueId, 'evento', eventId, 'adjuntos'] as const,
    queryFn: async ({ signal }) =>
      (await call(api.adjuntos, { params: { id: issueId, evento: eventId }, signal })).datos,
  });
}

/** Where an attachment is downloaded (always as a file to save). */
export const adjuntoUrl = (issueId: number, eventId: string, adjuntoId: number) =>
  endpointUrl(api.descargarAdjunto, { params: { id: issueId, evento: eventId, adjunto: adjuntoId } });
