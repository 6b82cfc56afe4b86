import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import { predeterminadaInput, vista, vistaCambios, vistaInput, vistasQuery, vistasRespuesta } from '../vistas.ts';

// The saved views' routes, declared once for the server and the web (shared/endpoint.ts).

const BASE = '/api/vistas';

export const vistasApi = {
  todas: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Vistas guardadas de una lista: las propias y las compartidas, y la predeterminada',
    query: vistasQuery,
    answer: envelope(vistasRespuesta),
    errors: [400, 401, 403],
  }),
  crear: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Guarda el estado de una lista como vista',
    body: vistaInput,
    answer: envelope(vista),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    summary:
      'Renombra una vista propia, la comparte o deja de compartirla, o guarda en ella el estado actual de la lista',
    params: idParam,
    body: vistaCambios,
    answer: envelope(vista),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Elimina una vista propia',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
  predeterminada: endpoint({
    method: 'PUT',
    path: `${BASE}/predeterminada`,
    summary: 'La vista con la que se abre una lista para el usuario (null: ninguna)',
    body: predeterminadaInput,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
};
