import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope } from '@intranet/contract/shared/envelope';
import {
  sitioVencimientoExportQuery,
  sitioVencimientoListQuery,
  sitioVencimientoMeses,
  sitioVencimientoPage,
} from '../sitios.ts';

// The site-expiry grid's routes, declared once for the server and the web (shared/endpoint.ts).

const BASE = '/api/sitios/vencimientos';

/** The errors every list and export documents: a bad query, no session, no permission. */
const LIST_ERRORS = [400, 401, 403] as const;

export const sitiosVencimientosApi = {
  // The grid is the sub-area's own path (not `…/lista`), so its pair is declared here rather than by listEndpoints.
  lista: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Vencimientos de certificados SSL y dominios de los sitios (no dados de baja)',
    query: sitioVencimientoListQuery,
    answer: envelope(sitioVencimientoPage),
    errors: LIST_ERRORS,
  }),
  csv: endpoint({
    method: 'GET',
    path: `${BASE}/export.csv`,
    summary: 'Los vencimientos de sitios filtrados, en CSV',
    query: sitioVencimientoExportQuery,
    produces: ['text/csv'],
    errors: LIST_ERRORS,
  }),
  meses: endpoint({
    method: 'GET',
    path: `${BASE}/meses`,
    summary: 'Vencidos y vencimientos de sitios por mes (12 meses desde este)',
    answer: envelope(sitioVencimientoMeses),
    errors: [401, 403],
  }),
};
