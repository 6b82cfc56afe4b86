import { MANTENIMIENTO } from '@intranet/contract/texts';

/** Every Spanish text the server answers with, in one place (the spec's texts copied exactly). */
export const MENSAJES = {
  credencialesIncorrectas: 'Usuario o contraseña incorrectos',
  demasiadosIntentos: (minutos: number) =>
    `Demasiados intentos fallidos. Vuelva a intentarlo en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`,
  sesionInvalida: 'Sesión inválida o vencida',
  directorioCaido: 'No se pudo consultar el directorio de la empresa (LDAP). Intente de nuevo en unos minutos o avise a sistemas.',
  sinGrupo: 'Su usuario del directorio no está en ningún grupo habilitado para la Intranet: pida acceso a un administrador.',
  codigoRequerido: 'Ingrese el código de 6 dígitos de su aplicación de autenticación',
  tokenInvalido: 'Token de API inválido, vencido o revocado',
  tokenSinAcceso: 'Un token de API no puede usar esta ruta: ingrese con su usuario y contraseña',
  sinPermiso: 'No tiene permiso para esta acción',
  xsrfInvalido: 'Token anti-falsificación inválido',
  mantenimiento: MANTENIMIENTO,
  jsonInvalido: 'El cuerpo de la solicitud no es JSON válido',
  datosInvalidos: 'Datos inválidos',
  campoNoPermitido: 'Campo no permitido',
  caracterNoAdmitido: 'Contiene caracteres no admitidos (carácter nulo o Unicode inválido)',
  demasiadoAnidado: (niveles: number) => `Tiene más de ${niveles} niveles de anidamiento`,
  demasiadoGrande: 'La solicitud es demasiado grande',
  tipoNoAdmitido: 'Tipo de contenido no admitido',
  noEncontrado: 'Recurso no encontrado',
  metodoNoPermitido: 'Método no permitido',
  solicitudInvalida: 'Solicitud inválida',
  direccionDemasiadoLarga: 'La dirección de la solicitud es demasiado larga',
  interno: 'Error interno del servidor',
  ocupado: 'El servidor está ocupado; vuelva a intentarlo en unos segundos',
} as const;
