import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope } from '@intranet/contract/shared/envelope';
import { BUSQUEDA_POR_TIPO, busquedaQuery, busquedaRespuesta } from '../busqueda.ts';

// The command palette's search, declared once for the server and the web (shared/endpoint.ts).

export const busquedaApi = {
  buscar: endpoint({
    method: 'GET',
    path: '/api/busqueda',
    summary: 'Busca registros de todas las áreas que el usuario puede ver (paleta de comandos)',
    description: `Hasta ${BUSQUEDA_POR_TIPO} por tipo. Cada tipo pide el permiso de lectura de su área.`,
    query: busquedaQuery,
    answer: envelope(busquedaRespuesta),
    errors: [400, 401],
  }),
};
