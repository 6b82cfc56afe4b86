import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  apiToken,
  cuentaTotp,
  directorio,
  grupoRol,
  grupoRolInput,
  loginRequest,
  loginResponse,
  oidcCanje,
  oidcProveedor,
  permisosRequest,
  permisosResponse,
  rolTotp,
  rolTotpInput,
  segundoPasoInput,
  tokenCreado,
  tokenInput,
  totpCodigo,
  totpConfirmado,
  totpEstado,
  totpInscripcion,
} from '../auth.ts';

// The sign-in's routes, declared once for the server and the web (shared/endpoint.ts).

const BASE = '/api/auth';

export const authApi = {
  ingresar: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Ingresar con usuario (o email) y contraseña',
    description: 'Un rechazo también es HTTP 200, con `error` y `datos: null`.',
    body: loginRequest,
    answer: loginResponse,
    errors: [400, 429],
  }),
  permisos: endpoint({
    method: 'POST',
    path: `${BASE}/permisos`,
    summary: 'Qué códigos de permiso tiene el usuario de la sesión',
    body: permisosRequest,
    answer: permisosResponse,
    errors: [400, 401],
  }),
  tokens: endpoint({
    method: 'GET',
    path: `${BASE}/tokens`,
    summary: 'Mis tokens de API: los vigentes primero, con su último uso',
    answer: envelope(z.array(apiToken)),
    errors: [401, 403],
  }),
  crearToken: endpoint({
    method: 'POST',
    path: `${BASE}/tokens`,
    summary: 'Crea un token de API con algunos de mis permisos; el token se muestra solo en esta respuesta',
    body: tokenInput,
    answer: envelope(tokenCreado),
    status: 201,
    errors: [400, 401, 403],
  }),
  revocarToken: endpoint({
    method: 'POST',
    path: `${BASE}/tokens/:id/revocar`,
    summary:
      'Revoca un token de API propio (o de cualquiera, con USUARIOS#ADMIN); deja de funcionar en todos los procesos',
    params: idParam,
    answer: envelope(apiToken),
    errors: [400, 401, 403, 404],
  }),
  tokensTodos: endpoint({
    method: 'GET',
    path: `${BASE}/tokens/todos`,
    summary: 'Los tokens de API de todas las cuentas, con su dueño',
    answer: envelope(z.array(apiToken)),
    errors: [401, 403],
  }),

  // ---- Second factor ----

  segundoPaso: endpoint({
    method: 'POST',
    path: `${BASE}/segundo-paso`,
    summary:
      'Segundo paso del ingreso: el desafío que respondió la contraseña y un código de la aplicación o de recuperación',
    body: segundoPasoInput,
    answer: loginResponse,
    errors: [400, 429],
  }),
  totp: endpoint({
    method: 'GET',
    path: `${BASE}/totp`,
    summary: 'Mi segundo factor: si está activo, si un rol lo requiere y cuántos códigos de recuperación quedan',
    answer: envelope(totpEstado),
    errors: [401, 403],
  }),
  inscribirTotp: endpoint({
    method: 'POST',
    path: `${BASE}/totp/inscripcion`,
    summary: 'Una clave nueva para la aplicación de autenticación (código QR); queda activa al confirmar un código',
    answer: envelope(totpInscripcion),
    errors: [401, 403, 409],
  }),
  confirmarTotp: endpoint({
    method: 'POST',
    path: `${BASE}/totp/confirmar`,
    summary:
      'Confirma la clave con un código: activa el segundo factor y responde, esta única vez, los códigos de recuperación',
    body: totpCodigo,
    answer: envelope(totpConfirmado),
    errors: [400, 401, 403, 409],
  }),
  desactivarTotp: endpoint({
    method: 'POST',
    path: `${BASE}/totp/desactivar`,
    summary: 'Desactiva mi segundo factor con un código actual (no si un rol lo requiere)',
    body: totpCodigo,
    answer: okBody,
    errors: [400, 401, 403, 409],
  }),
  cuentasTotp: endpoint({
    method: 'GET',
    path: `${BASE}/totp/cuentas`,
    summary: 'El segundo factor de cada cuenta activa',
    answer: envelope(z.array(cuentaTotp)),
    errors: [401, 403],
  }),
  restablecerTotp: endpoint({
    method: 'POST',
    path: `${BASE}/totp/cuentas/:id/restablecer`,
    summary: 'Restablece el segundo factor de una cuenta (teléfono perdido): queda desactivado',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
  rolesTotp: endpoint({
    method: 'GET',
    path: `${BASE}/totp/roles`,
    summary: 'Los roles y si requieren el segundo factor',
    answer: envelope(z.array(rolTotp)),
    errors: [401, 403],
  }),
  requerirTotp: endpoint({
    method: 'PUT',
    path: `${BASE}/totp/roles/:id`,
    summary: 'Exige (o no) el segundo factor a los integrantes de un rol',
    params: idParam,
    body: rolTotpInput,
    answer: envelope(rolTotp),
    errors: [400, 401, 403, 404],
  }),

  // ---- The company's directory ----

  directorio: endpoint({
    method: 'GET',
    path: `${BASE}/directorio`,
    summary: 'El directorio de la empresa (LDAP): si está configurado, y qué rol da cada grupo',
    answer: envelope(directorio),
    errors: [401, 403],
  }),
  agregarGrupo: endpoint({
    method: 'POST',
    path: `${BASE}/directorio/grupos`,
    summary: 'Un grupo del directorio da un rol a sus integrantes',
    body: grupoRolInput,
    answer: envelope(grupoRol),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  quitarGrupo: endpoint({
    method: 'DELETE',
    path: `${BASE}/directorio/grupos/:id`,
    summary: 'Quita la asignación de un grupo a un rol',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),

  // ---- OpenID Connect ----

  oidc: endpoint({
    method: 'GET',
    path: `${BASE}/oidc`,
    summary: 'El proveedor OpenID configurado (para el botón "Ingresar con …"), o null',
    answer: oidcProveedor,
  }),
  /** The browser goes here (a link, not a call): it answers a redirect to the provider. */
  oidcInicio: endpoint({
    method: 'GET',
    path: `${BASE}/oidc/inicio`,
    summary: 'Empieza el ingreso con el proveedor OpenID: redirige a su página (code flow con PKCE)',
    query: z.object({ destino: z.string().max(2000).optional() }).strict(),
    answer: z.null(),
    status: 302,
    errors: [404],
  }),
  /** The provider sends the browser back here; it answers a redirect to the sign-in page. */
  oidcCallback: endpoint({
    method: 'GET',
    path: `${BASE}/oidc/callback`,
    summary: 'Vuelta del proveedor OpenID: valida el código y vuelve al ingreso con un código de un solo uso',
    answer: z.null(),
    status: 302,
    errors: [404],
  }),
  canjearOidc: endpoint({
    method: 'POST',
    path: `${BASE}/oidc/canje`,
    summary: 'Canjea el código de un solo uso de la vuelta del proveedor por la sesión',
    body: oidcCanje,
    answer: loginResponse,
    errors: [400],
  }),

  salir: endpoint({
    method: 'POST',
    path: `${BASE}/logout`,
    summary:
      'Cerrar la sesión: revoca el token y la sesión del navegador (todas sus pestañas, y su cookie de renovación)',
    answer: okBody,
    errors: [401],
  }),
};
