import { endpoint } from '@intranet/contract/shared/endpoint';
import { VIVO_EVENTOS, VIVO_LATIDO_MS, vivoQuery } from '../vivo.ts';

// The live lists' stream, declared once for the server and the web (shared/endpoint.ts). Its answer is a stream of
// server-sent events (`vivoListo`, `vivoCambio`), not a schema's body.

export const vivoApi = {
  eventos: endpoint({
    method: 'GET',
    path: '/api/vivo',
    summary: 'Avisa (server-sent events) qué listas cambiaron, de las pedidas que el usuario puede ver',
    description: `Eventos \`${VIVO_EVENTOS.listo}\` (las listas que avisará) y \`${VIVO_EVENTOS.cambio}\` ({ lista }). Un comentario cada ${VIVO_LATIDO_MS / 1000} s.`,
    query: vivoQuery,
    errors: [400, 401, 403],
  }),
};
