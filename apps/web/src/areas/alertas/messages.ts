import type { TareaEstado } from '@intranet/contract/alertas';

/** Alertas' texts, in Spanish. */
export const alertasMessages = {
  tareas: {
    titulo: 'Tareas programadas',
    inactivo: 'Este servidor no ejecuta tareas programadas (TAREAS=0): otro proceso del portal las ejecuta, o ninguno.',
    sinCorreo: 'El correo no está configurado (SMTP_URL): las alertas no se envían por correo, solo se muestran en la campana de la Intranet.',
    correoPendientes: (pendientes: number, fallidos: number) =>
      `Correos de alertas: ${pendientes} esperando envío${fallidos > 0 ? `, ${fallidos} no se pudieron enviar tras 5 intentos` : ''}.`,
    programacion: 'Programación',
    proxima: 'Próxima ejecución',
    enCola: 'En cola',
    ultima: 'Última ejecución',
    nunca: 'Todavía no se ejecutó',
    ejecutar: 'Ejecutar ahora',
    encolada: 'Ejecución en cola',
    encoladaTexto: (titulo: string) => `"${titulo}" se ejecutará en unos segundos.`,
    errorEjecutar: 'No se pudo ejecutar la tarea',
    ejecuciones: 'Últimas ejecuciones',
    columnas: { inicio: 'Inicio', duracion: 'Duración', estado: 'Estado', intento: 'Intento', resultado: 'Resultado' },
    manual: 'manual',
    definitivo: 'último intento',
    sinEjecuciones: 'Sin ejecuciones registradas.',
  },
  misAlertas: {
    titulo: 'Mis alertas',
    ayuda: 'Elija cómo le avisa la Intranet de cada tipo de alerta: en la campana de la barra superior, por correo, o de las dos formas. Solo recibe alertas de lo que sus permisos le dejan ver.',
    tipo: 'Tipo de alerta',
    campana: 'Campana',
    correo: 'Correo',
    deSuRol: 'Según su rol',
    sinCorreo: 'El envío de correos no está configurado en este servidor (SMTP_URL): por ahora las alertas solo llegan a la campana.',
    sinEmail: 'Su cuenta no tiene correo electrónico: pida a un administrador que lo cargue para recibir alertas por correo.',
    ninguna: 'Sus permisos no incluyen ningún tipo de alerta.',
    guardado: 'Alertas guardadas',
    guardadoTexto: 'Sus preferencias de alertas se guardaron.',
  },
  webhooks: {
    titulo: 'Webhooks',
    ayuda: 'Cada webhook recibe por POST, en JSON, las alertas de los tipos que elija. El cuerpo va firmado con HMAC-SHA256 y el secreto del webhook en la cabecera',
    nuevo: 'Nuevo webhook',
    editar: 'Editar webhook',
    eliminar: 'Eliminar',
    eliminarTitulo: 'Eliminar webhook',
    eliminarTexto: (nombre: string) => `¿Eliminar el webhook "${nombre}" y sus entregas? Dejará de recibir alertas.`,
    eliminado: 'Webhook eliminado',
    guardado: 'Webhook guardado',
    probar: 'Probar',
    pruebaOk: 'El webhook respondió',
    pruebaFallo: 'El webhook no aceptó la prueba',
    error: 'No se pudo completar la acción',
    ultima: 'Última entrega',
    sinEntregas: 'Sin entregas',
    inactivo: 'Inactivo',
    vacio: 'No hay webhooks. Cree uno para avisar en Slack, Teams, Mattermost u otro sistema.',
    secreto: 'Secreto de firma',
    secretoAyuda: 'El receptor verifica la cabecera X-Intranet-Firma (sha256=HMAC del cuerpo con este secreto).',
    campos: { nombre: 'Nombre', url: 'URL', formato: 'Formato', eventos: 'Alertas que recibe', activo: 'Activo' },
    entregas: {
      ver: 'Entregas',
      titulo: (nombre: string) => `Entregas de ${nombre}`,
      fecha: 'Fecha',
      evento: 'Evento',
      estado: 'Estado',
      intentos: 'Intentos',
      respuesta: 'Respuesta',
      proxima: (fecha: string) => `próximo intento ${fecha}`,
      reenviar: 'Reenviar',
      reenviada: 'Entrega reenviada',
      vacio: 'Todavía no hubo entregas.',
    },
  },
  estados: { en_curso: 'En curso', ok: 'Correcta', error: 'Con error', interrumpida: 'Interrumpida' } satisfies Record<TareaEstado, string>,
  notificaciones: {
    titulo: 'Notificaciones',
    marcarTodas: 'Marcar todas como leídas',
    vacia: 'No tiene notificaciones.',
    columnas: { fecha: 'Fecha', titulo: 'Notificación', detalle: 'Detalle' },
    volver: 'Volver a las notificaciones',
    elementos: 'Elementos',
    sinElementos: 'Ninguno de sus elementos está a su alcance hoy (sus permisos cambiaron).',
    mas: (total: number, mostrados: number) => `Se muestran ${mostrados} de ${total}.`,
    columnasItems: { titulo: 'Elemento', vence: 'Vence', estado: 'Estado' },
  },
};

/** "850 ms", "12,4 s", "3 min 5 s". */
export function duracion(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(Math.round(ms / 100) / 10).toLocaleString('es-AR')} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}
