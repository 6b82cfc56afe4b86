import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  persona,
  personaDeleteResult,
  personaDetalle,
  personaExportQuery,
  personaInput,
  personaListQuery,
  personaOpcion,
  personaOpcionesQuery,
  personaPage,
} from '../personas.ts';

// The people's routes, declared once for the server and the web (shared/endpoint.ts). Their accounts' routes are
// usuarios-endpoints.ts, the roles' roles-endpoints.ts.

const BASE = '/api/personas';

export const personasApi = {
  // The list is the area's own path (not `<base>/lista`): its bulk actions and import hang from it.
  lista: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Lista paginada de personas',
    query: personaListQuery,
    answer: envelope(personaPage),
    errors: [400, 401, 403],
  }),
  csv: endpoint({
    method: 'GET',
    path: `${BASE}/export.csv`,
    summary: 'Todas las personas de la lista filtrada, en CSV',
    query: personaExportQuery,
    produces: ['text/csv'],
    errors: [400, 401, 403],
  }),
  opciones: endpoint({
    method: 'GET',
    path: `${BASE}/opciones`,
    summary: 'Personas para elegir en un selector (por nombre, hasta 50)',
    query: personaOpcionesQuery,
    answer: envelope(z.array(personaOpcion)),
    errors: [400, 401, 403],
  }),
  areas: endpoint({
    method: 'GET',
    path: `${BASE}/areas`,
    summary: 'Las áreas en uso, para el filtro de la lista',
    answer: envelope(z.array(z.string())),
    errors: [401, 403],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Una persona con sus máquinas asignadas y las personas a su cargo',
    params: idParam,
    answer: envelope(personaDetalle),
    errors: [400, 401, 403, 404],
  }),
  crear: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Crea una persona',
    body: personaInput,
    answer: envelope(persona),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    summary: 'Modifica una persona',
    description:
      'Desactivarla desactiva también su cuenta de usuario (y cierra sus sesiones), salvo que sea el último administrador (409).',
    params: idParam,
    body: personaInput,
    answer: envelope(persona),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Elimina una persona, o la desactiva si algo la referencia',
    description:
      'Con cuenta de usuario, asignaciones de máquinas o personas a cargo no se elimina: se desactiva, y `datos` lo dice (`accion`, `motivo`).',
    params: idParam,
    answer: envelope(personaDeleteResult),
    errors: [400, 401, 403, 404, 409],
  }),
};
