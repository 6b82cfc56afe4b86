import { MANTENIMIENTO } from '@intranet/contract/shared/texts';

/** Every Spanish text the server answers with, in one place (the spec's texts copied exactly). */
export const MENSAJES = {
  credencialesIncorrectas: 'Usuario o contraseña incorrectos',
  demasiadosIntentos: (minutos: number) =>
    `Demasiados intentos fallidos. Vuelva a intentarlo en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`,
  sesionInvalida: 'Sesión inválida o vencida',
  demasiadasLecturas: (segundos: number) =>
    `Subió demasiados archivos seguidos. Vuelva a intentarlo en ${segundos} ${segundos === 1 ? 'segundo' : 'segundos'}.`,
  directorioCaido:
    'No se pudo consultar el directorio de la empresa (LDAP). Intente de nuevo en unos minutos o avise a sistemas.',
  sinGrupo:
    'Su usuario del directorio no está en ningún grupo habilitado para la Intranet: pida acceso a un administrador.',
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
  segundoFactorPendiente: 'Su rol exige la verificación en dos pasos: actívela en «Segundo factor» para continuar',
  ocupado: 'El servidor está ocupado; vuelva a intentarlo en unos segundos',
  drenando: 'El proceso se está deteniendo: termina lo que tiene en curso y no recibe solicitudes nuevas',
  baseNoResponde: 'La base de datos no responde',
  baseNoDisponible: 'La base de datos no responde; vuelva a intentar en unos segundos',
  migracionesPendientes: 'La base de datos no tiene todas las migraciones de esta versión',
  avisosCaidos: 'La conexión de avisos de cambios (LISTEN) está caída',
  metricasToken: 'Las métricas piden el token de METRICS_TOKEN en Authorization: Bearer',
  metricasLocal: 'Sin METRICS_TOKEN, las métricas solo se leen desde esta misma máquina',
  respaldoToken: 'El respaldo pide el token de METRICS_TOKEN en Authorization: Bearer',
  respaldoLocal: 'Sin METRICS_TOKEN, el respaldo solo se descarga desde esta misma máquina',
  respaldoEnCurso: 'Ya hay un respaldo en curso: espere a que termine y vuelva a pedirlo',
  respaldoFallido: 'No se pudo leer la base de datos para el respaldo',
} as const;
