import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { RENEWAL_CLOSE_PATH, RENEWAL_PATH } from '@intranet/contract/shared/http';
import { idParam } from '@intranet/contract/shared/list';
import { sesionActiva, sesionesCerradas } from '@intranet/contract/shared/sessions';
import { loginResponse, usuarioSesionParams } from '../auth.ts';

// A browser's session across reloads (the renewal cookie) and the active sessions of an account, declared once
// for the server and the web (shared/endpoint.ts).

export const sesionesApi = {
  renovar: endpoint({
    method: 'POST',
    path: RENEWAL_PATH,
    summary:
      'Renueva la sesión de este navegador con su cookie de renovación (al recargar, en otra pestaña, tras una actualización)',
    description:
      'La cookie (HttpOnly, SameSite=Strict, solo para esta ruta) se rota en cada renovación; un valor ya usado, presentado otra vez, cierra la sesión del navegador entera. Requiere el encabezado anti-falsificación. 401 si no hay sesión que renovar.',
    answer: loginResponse,
    errors: [401, 403],
  }),
  cerrarRenovacion: endpoint({
    method: 'POST',
    path: RENEWAL_CLOSE_PATH,
    summary: 'Cierra la sesión de este navegador por su cookie de renovación (al abrir /login)',
    answer: okBody,
    errors: [403],
  }),
  mias: endpoint({
    method: 'GET',
    path: '/api/auth/sesiones',
    summary: 'Mis sesiones activas: navegador, sistema, dirección, inicio y último uso',
    answer: envelope(z.array(sesionActiva)),
    errors: [401, 403],
  }),
  cerrar: endpoint({
    method: 'POST',
    path: '/api/auth/sesiones/:id/cerrar',
    summary: 'Cierra una de mis sesiones (queda registrado)',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
  cerrarOtras: endpoint({
    method: 'POST',
    path: '/api/auth/sesiones/cerrar-otras',
    summary: 'Cierra todas mis sesiones menos esta (queda registrado)',
    answer: envelope(sesionesCerradas),
    errors: [401, 403],
  }),
  deCuenta: endpoint({
    method: 'GET',
    path: '/api/usuarios/:id/sesiones',
    summary: 'Las sesiones activas de una cuenta',
    params: idParam,
    answer: envelope(z.array(sesionActiva)),
    errors: [400, 401, 403],
  }),
  cerrarDeCuenta: endpoint({
    method: 'POST',
    path: '/api/usuarios/:id/sesiones/:sesion/cerrar',
    summary: 'Cierra una sesión de una cuenta (queda registrado)',
    params: usuarioSesionParams,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
  cerrarTodasDeCuenta: endpoint({
    method: 'POST',
    path: '/api/usuarios/:id/sesiones/cerrar',
    summary: 'Cierra todas las sesiones de una cuenta (la propia, menos esta) (queda registrado)',
    params: idParam,
    answer: envelope(sesionesCerradas),
    errors: [400, 401, 403, 404],
  }),
};
