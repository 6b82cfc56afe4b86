import type { TareaEstado } from '@intranet/contract/areas/alertas';

/** Alertas' texts, in Spanish. */
export const alertasMessages = {
  tareas: {
    titulo: 'Tareas programadas',
    inactivo: 'Este servidor no ejecuta tareas programadas: otro proceso del portal las ejecuta, o ninguno.',
    inactivoAjuste: 'Se activa con TAREAS=1 en el proceso que deba ejecutarlas.',
    sinCorreo:
      'El correo no está configurado: las alertas no se envían por correo, solo se muestran en la campana de la Intranet.',
    sinCorreoAjuste: 'Se configura con SMTP_URL (y ALERTAS_REMITENTE).',
    ajuste: (variable: string, valor: string) => `Se ajusta con ${variable} (hoy ${variable}=${valor}).`,
    horaDe: (lugar: string) => `hora de ${lugar}`,
    resumen: (n: number, desde: string, errores: number) =>
      `${n === 1 ? '1 ejecución' : `${n} ejecuciones`} ${desde}, ${errores === 0 ? (n === 1 ? 'correcta' : 'todas correctas') : errores === 1 ? '1 con error' : `${errores} con error`}`,
    enLaUltimaHora: 'en la última hora',
    desde: (fecha: string) => `desde el ${fecha}`,
    verEjecuciones: (n: number) => (n === 1 ? 'Ver la ejecución' : `Ver las ${n} ejecuciones`),
    ocultarEjecuciones: 'Ocultar las ejecuciones',
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
    ayuda:
      'Elija cómo le avisa la Intranet de cada tipo de alerta: en la campana de la barra superior, por correo, o de las dos formas. Solo recibe alertas de lo que sus permisos le dejan ver.',
    tipo: 'Tipo de alerta',
    campana: 'Campana',
    correo: 'Correo',
    deSuRol: 'Según su rol',
    sinCorreo:
      'El envío de correos no está configurado en este servidor (SMTP_URL): por ahora las alertas solo llegan a la campana.',
    sinEmail:
      'Su cuenta no tiene correo electrónico: pida a un administrador que lo cargue para recibir alertas por correo.',
    ninguna: 'Sus permisos no incluyen ningún tipo de alerta.',
    guardado: 'Alertas guardadas',
    guardadoTexto: 'Sus preferencias de alertas se guardaron.',
    clientes: 'Clientes que sigo',
    clientesAyuda:
      'Si sigue clientes, las alertas de clientes (certificados, CAI, licencias y sitios) le llegan solo de esos clientes. Si no sigue ninguno, le llegan las de todos.',
    seguirCliente: 'Seguir un cliente…',
    ningunCliente: 'No sigue ningún cliente: recibe las alertas de todos.',
    proyectos: 'Proyectos del monitor que sigo',
    proyectosAyuda:
      'Si sigue proyectos, las alertas del monitor de errores le llegan solo de esos proyectos. Si no sigue ninguno, le llegan las de todos.',
    seguirProyectos: 'Elija proyectos',
    ningunProyecto: 'Todos los proyectos',
    dejarDeSeguir: (nombre: string) => `Dejar de seguir ${nombre}`,
  },
  roles: {
    titulo: 'Alertas por rol',
    ayuda:
      'Cómo reciben las alertas los integrantes de cada rol mientras no elijan las suyas en "Mis alertas". Cada rol ve solo los tipos que sus permisos le dejan leer.',
    rol: 'Rol',
    predeterminado: 'Sin definir: campana y correo',
    ninguna: 'Los permisos de este rol no incluyen ningún tipo de alerta.',
    guardado: 'Alertas del rol guardadas',
    guardadoTexto: (rol: string) => `Quienes tienen el rol ${rol} y no eligieron las suyas las recibirán así.`,
  },
  webhooks: {
    titulo: 'Webhooks',
    ayuda:
      'Cada webhook recibe por POST, en JSON, las alertas de los tipos que elija. Solo se envían a direcciones públicas (o a las redes internas que permita la configuración) y sin seguir redirecciones. Cada entrega va firmada según Standard Webhooks, con el secreto del webhook, en las cabeceras webhook-id, webhook-timestamp y',
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
    secretoAyuda:
      'El receptor verifica la firma con este secreto y cualquier biblioteca de Standard Webhooks. Un secreto anterior, sin el prefijo whsec_, se usa tal cual (formato raw).',
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
  estados: { en_curso: 'En curso', ok: 'Correcta', error: 'Con error', interrumpida: 'Interrumpida' } satisfies Record<
    TareaEstado,
    string
  >,
  notificaciones: {
    titulo: 'Notificaciones',
    marcarTodas: 'Marcar todas como leídas',
    vacia: 'No tiene notificaciones.',
    columnas: { fecha: 'Fecha', titulo: 'Notificación', detalle: 'Detalle' },
    leida: 'Leída',
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
