import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope } from '@intranet/contract/shared/envelope';
import { auditPage, auditQuery } from '../auditoria.ts';

// The history of any record, declared once for the server and the web (shared/endpoint.ts). Its description names
// each entity's read code, which only the server's registry knows: the server adds it when it registers the route.

export const auditoriaApi = {
  historial: endpoint({
    method: 'GET',
    path: '/api/auditoria',
    summary: 'Historial de cambios de un registro, el más reciente primero',
    query: auditQuery,
    answer: envelope(auditPage),
    errors: [400, 401, 403],
  }),
};
