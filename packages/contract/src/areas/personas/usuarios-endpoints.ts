import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import { cambioPassword, cuenta, cuentaConPassword, cuentaCreate, cuentaUpdate } from './usuarios.ts';

// The user accounts' routes, declared once for the server and the web (shared/endpoint.ts).

const BASE = '/api/usuarios';

export const usuariosApi = {
  cuentaDePersona: endpoint({
    method: 'GET',
    path: '/api/personas/:id/cuenta',
    summary: 'La cuenta de usuario de una persona (null si no tiene)',
    params: idParam,
    answer: envelope(cuenta.nullable()),
    errors: [400, 401, 403, 404],
  }),
  crear: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Crea la cuenta de una persona',
    description: 'Sin `password` se genera una y se responde una sola vez en `password_generada`.',
    body: cuentaCreate,
    answer: envelope(cuentaConPassword),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Una cuenta de usuario',
    params: idParam,
    answer: envelope(cuenta),
    errors: [400, 401, 403, 404],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    summary: 'Modifica usuario, roles y si está activa',
    description:
      'Desactivarla cierra todas sus sesiones a la vez. 409 si dejaría al portal sin ninguna cuenta activa con USUARIOS#ADMIN.',
    params: idParam,
    body: cuentaUpdate,
    answer: envelope(cuenta),
    errors: [400, 401, 403, 404, 409],
  }),
  restablecerPassword: endpoint({
    method: 'POST',
    path: `${BASE}/:id/password`,
    summary: 'Restablece la contraseña (generada, se responde una sola vez) y cierra sus sesiones',
    params: idParam,
    answer: envelope(cuentaConPassword),
    errors: [400, 401, 403, 404],
  }),
  cambiarPasswordPropia: endpoint({
    method: 'PUT',
    path: `${BASE}/yo/password`,
    summary: 'El usuario de la sesión cambia su propia contraseña',
    description:
      'Comprueba la contraseña actual (400 en `campos.actual` si no coincide; los intentos fallidos se limitan como al ingresar, 429 con Retry-After); cierra sus otras sesiones.',
    body: cambioPassword,
    answer: okBody,
    errors: [400, 401, 403, 429],
  }),
};
