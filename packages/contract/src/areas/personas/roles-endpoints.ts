import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import { rol, rolDetalle, rolInput, rolListQuery, rolPage } from './usuarios.ts';

// The roles' routes, declared once for the server and the web (shared/endpoint.ts).

const BASE = '/api/roles';

export const rolesApi = {
  // The list is the area's own path: its bulk actions hang from it.
  lista: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Lista paginada de roles con sus códigos',
    query: rolListQuery,
    answer: envelope(rolPage),
    errors: [400, 401, 403],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Un rol con sus códigos y las cuentas que lo tienen',
    params: idParam,
    answer: envelope(rolDetalle),
    errors: [400, 401, 403, 404],
  }),
  crear: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Crea un rol',
    body: rolInput,
    answer: envelope(rol),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    summary: 'Modifica nombre, descripción y códigos de un rol',
    description:
      'Rige desde la próxima solicitud de cada cuenta que lo tiene. 409 si quitar USUARIOS#ADMIN dejaría al portal sin administradores.',
    params: idParam,
    body: rolInput,
    answer: envelope(rol),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Elimina un rol que ninguna cuenta tiene (409 si alguna lo tiene)',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404, 409],
  }),
};
