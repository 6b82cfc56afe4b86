import type {
  Ignorada,
  IgnorarMinutos,
  IgnorarVentana,
  IssueEstado,
  Nivel,
  Proyecto,
} from '@intranet/contract/areas/insights';
import { formatFechaHora, formatNumero } from '../../core/format.ts';

const plural = (n: number, uno: string, varios: string) => (n === 1 ? `1 ${uno}` : `${formatNumero(n)} ${varios}`);

/** Texts of the Monitor de errores screens. */
export const insightsMessages = {
  titulo: 'Monitor de errores',
  tabla: 'Errores',
  proyectosBoton: 'Proyectos',
  buscarPlaceholder: 'Título o culpable…',
  sinIssues: 'No hay errores que coincidan con la búsqueda.',
  noEncontrado: 'No se encontró el error.',
  volver: 'Volver a la lista',
  campos: {
    equipo: 'Equipo asignado',
    resueltaEnRelease: 'Resuelto hasta una versión posterior a',
    titulo: 'Error',
    nivel: 'Nivel',
    estado: 'Estado',
    cantidad: 'Eventos',
    serie: 'Últimos 14 días',
    primera_vez: 'Primera vez',
    ultima_vez: 'Última vez',
    release: 'Release',
    environment: 'Entorno',
    releaseEntorno: 'Release y entorno',
    proyecto: 'Proyecto',
    asignado: 'Asignado a',
    culprit: 'Culpable',
    fingerprint: 'Huella',
  },
  niveles: { fatal: 'Fatal', error: 'Error', warning: 'Advertencia', info: 'Info', debug: 'Debug' } satisfies Record<
    Nivel,
    string
  >,
  nivelColores: { fatal: 'red.9', error: 'red', warning: 'yellow', info: 'blue', debug: 'gray' } satisfies Record<
    Nivel,
    string
  >,
  estadoColores: { unresolved: 'orange', resolved: 'green', ignored: 'gray' } satisfies Record<IssueEstado, string>,
  ordenarPor: 'Ordenar por',
  orden: { ultima_vez: 'Última vez', primera_vez: 'Primera vez', cantidad: 'Más eventos' },
  serieTexto: (total: number) => `${plural(total, 'evento', 'eventos')} en los últimos 14 días`,
  // Triage
  resolver: 'Resolver',
  ignorar: 'Ignorar',
  reabrir: 'Reabrir',
  sinAsignar: 'Sin asignar',
  asignar: 'Asignar a',
  asignarVarios: (n: number) => `Asignar ${n === 1 ? '1 error' : `${n} errores`} a`,
  personas: 'Personas',
  equipos: 'Equipos (roles)',
  equipo: (nombre: string) => `Equipo ${nombre}`,
  asignadosTexto: (n: number, a: string | null) =>
    `${n === 1 ? '1 error asignado' : `${n} errores asignados`} ${a ? `a ${a}` : 'a nadie'}.`,
  misIncidencias: 'Mis incidencias',
  resolverProxima: 'Resolver en la próxima versión',
  resueltaEnRelease: (r: string) => `Resuelto hasta una versión posterior a ${r}`,
  ignorarMenu: {
    porUnTiempo: 'Por un tiempo',
    minutos: { 30: '30 minutos', 120: '2 horas', 1440: '24 horas', 10080: 'Una semana' } satisfies Record<
      IgnorarMinutos,
      string
    >,
    hastaQue: 'Hasta que vuelva a ocurrir',
    eventos: 'Hasta N eventos más…',
    usuarios: 'Hasta que afecte a N usuarios más…',
    siempre: 'Para siempre',
  },
  ignorarDialogo: {
    eventos: 'Ignorar hasta N eventos más',
    usuarios: 'Ignorar hasta que afecte a N usuarios más',
    cantidadEventos: 'Eventos más',
    cantidadUsuarios: 'Usuarios más',
    ventana: 'Contados',
    ventanas: { ahora: 'Desde ahora', hora: 'En una hora', dia: 'En un día' } satisfies Record<
      IgnorarVentana | 'ahora',
      string
    >,
    ignorar: 'Ignorar',
  },
  /** An ignored issue's condition in words. */
  ignorada: (i: Ignorada) => {
    const ventana = i.ventana === 'hora' ? ' en una hora' : i.ventana === 'dia' ? ' en un día' : '';
    const faltan = i.faltan === null ? '' : ` (${i.faltan === 1 ? 'falta 1' : `faltan ${formatNumero(i.faltan)}`})`;
    const n = i.cantidad ?? 0;
    switch (i.modo) {
      case 'tiempo':
        return `Ignorado hasta el ${formatFechaHora(i.hasta ?? '')}`;
      case 'eventos':
        return `Ignorado hasta ${plural(n, 'evento', 'eventos')} más${ventana}${faltan}`;
      case 'usuarios':
        return `Ignorado hasta que afecte a ${plural(n, 'usuario', 'usuarios')} más${ventana}${faltan}`;
      case 'siempre':
        return 'Ignorado para siempre';
    }
  },
  actividad: {
    tab: 'Actividad',
    vacio: 'Sin actividad todavía.',
    estado: (antes: string, despues: string) => `cambió el estado de ${antes} a ${despues}`,
    asignacion: (a: string | null) => (a ? `lo asignó a ${a}` : 'quitó la asignación'),
    comentario: 'comentó',
    sistema: 'El sistema',
  },
  estadoCambiado: 'Estado actualizado',
  estadoCambiadoTexto: (n: number) => (n === 1 ? 'Se actualizó 1 error.' : `Se actualizaron ${n} errores.`),
  asignadoTexto: (nombre: string | null) => (nombre ? `Asignado a ${nombre}.` : 'Sin asignar.'),
  errorCambiar: 'No se pudo actualizar',
  // Detail
  tabs: {
    evento: 'Evento',
    eventos: 'Eventos',
    etiquetas: 'Etiquetas',
    comentarios: 'Comentarios',
    historial: 'Historial',
  },
  eventosEnElTiempo: 'Eventos en el tiempo',
  dias: (n: number) => `${n} días`,
  graficoEventos: 'Eventos por día',
  sinEventos:
    'No quedan eventos guardados de este error: los más viejos que el plazo de retención se quitan. Sus conteos y el gráfico se conservan.',
  eventoAnterior: 'Evento anterior',
  eventoSiguiente: 'Evento siguiente',
  eventoMasNuevo: 'Más reciente',
  verJson: 'JSON',
  verJsonTitulo: 'JSON del evento tal como llegó del SDK (depurado), para descargar',
  eventoMasViejo: 'Más antiguo',
  eventoId: 'Evento',
  recibido: 'Recibido',
  plataforma: 'Plataforma',
  servidor: 'Servidor',
  transaccion: 'Transacción',
  sdk: 'SDK',
  usuario: 'Usuario',
  errorEvento: 'No se pudo cargar el evento.',
  // Stack trace
  trazas: 'Traza de la pila',
  variablesLocales: 'Variables locales',
  sinTraza: 'El evento no trae traza de la pila.',
  hilo: 'Hilo',
  hiloSinNombre: (id: string | null) => (id === null ? 'Sin nombre' : `Hilo ${id}`),
  hiloCaido: 'se cayó',
  hiloActual: 'actual',
  marcosOcultos: (n: number) => `Mostrar ${plural(n, 'marco', 'marcos')} de bibliotecas`,
  ocultarMarcos: (n: number) => `Ocultar ${plural(n, 'marco', 'marcos')} de bibliotecas`,
  deLaApp: 'de la app',
  resueltoConMapa: 'Resuelto con source map',
  culpritMapa: 'source map',
  culpritMinificado: (minificado: string) => `Resuelto con source map; minificado: ${minificado}`,
  feedback: {
    tab: 'Opiniones de usuarios',
    intro:
      'Lo que escribieron las personas que usan las aplicaciones del proyecto (Sentry.captureFeedback o el formulario del SDK), con el error del evento que mencionan.',
    vacio: 'Todavía no hay opiniones de usuarios.',
    anonimo: 'Anónimo',
    evento: (id: string) => `Evento ${id.slice(0, 8)}`,
    verEvento: 'Ver el evento',
    error: 'No se pudieron leer las opiniones',
  },
  recibidos: {
    tab: 'Datos recibidos',
    intro:
      'Lo que enviaron los SDK del proyecto por día y tipo: lo guardado, lo rechazado por el límite por minuto, lo descartado por el monitor (con su motivo) y lo que el propio SDK descartó antes de enviar (su client report).',
    periodo: 'Período',
    dias: (n: number) => `Últimos ${n} días`,
    vacio: 'Todavía no llegó nada en este período.',
    dia: 'Día',
    tipo: 'Tipo',
    total: 'Total',
    motivo: (motivo: string, n: string) => `${motivo}: ${n}`,
    error: 'No se pudieron leer los datos recibidos',
  },
  releases: {
    tab: 'Releases',
    vacio:
      'Todavía no hay releases: aparecen con los eventos que traen una release o al crearlas con sentry-cli releases new.',
    sinRelease: '(sin release)',
    primerEvento: 'Primer evento',
    ultimoEvento: 'Último evento',
    eventos: 'Eventos',
    issuesNuevos: 'Errores nuevos',
    creada: 'Creada',
    finalizada: 'Finalizada',
    noFinalizada: 'Sin finalizar',
    soloEventos: 'Vista en eventos',
    bundles: 'Artifact bundles',
    sinBundles: 'Sin source maps subidos',
    deploys: 'Deploys',
    deploy: (entorno: string, cuando: string, autor: string) => `${entorno} · ${cuando} · ${autor}`,
    bundle: (n: number, tamano: string, dist: string | null) =>
      `${n === 1 ? '1 archivo' : `${n} archivos`} · ${tamano}${dist ? ` · dist ${dist}` : ''}`,
    eliminar: (v: string) => `Eliminar la release ${v}`,
    eliminarTitulo: 'Eliminar la release',
    eliminarTexto: (v: string) =>
      `Se eliminan el registro de la release ${v}, sus deploys y sus source maps. Sus eventos y errores quedan.`,
    eliminada: 'Release eliminada',
    errorEliminar: 'No se pudo eliminar la release',
  },
  verMinificado: 'Ver marco minificado',
  ocultarMinificado: 'Ocultar marco minificado',
  marcoMinificado: 'Marco minificado',
  sinMapa: 'Sin source map',
  manejado: 'manejado',
  noManejado: 'no manejado',
  funcionAnonima: '(anónima)',
  enLinea: (lineno: number | null, colno: number | null) =>
    lineno === null ? '' : colno === null ? `línea ${lineno}` : `línea ${lineno}:${colno}`,
  // Breadcrumbs
  breadcrumbs: 'Rastro (breadcrumbs)',
  breadcrumbCampos: { hora: 'Hora', tipo: 'Tipo', categoria: 'Categoría', nivel: 'Nivel', mensaje: 'Mensaje' },
  // Request / user / tags / contexts
  request: 'Solicitud',
  headers: 'Encabezados',
  datos: 'Datos',
  user: 'Usuario',
  tags: 'Etiquetas',
  contextos: 'Contextos',
  extra: 'Datos adicionales',
  paquetes: (n: number) => `Paquetes (${n})`,
  verTodos: 'Ver todos',
  verMenos: 'Ver menos',
  sinDatos: 'Sin datos.',
  // Events list
  eventosTabla: 'Eventos del error',
  eventoCampos: { fecha: 'Fecha', mensaje: 'Mensaje', release: 'Release', environment: 'Entorno', usuario: 'Usuario' },
  verEvento: 'Ver evento',
  // Tags
  sinEtiquetas: 'Los eventos de este error no traen etiquetas.',
  etiquetaValor: (value: string, cantidad: number, porcentaje: number) =>
    `${value}: ${plural(cantidad, 'evento', 'eventos')} (${Math.round(porcentaje)} %)`,
  // Comments
  comentarioLabel: 'Nuevo comentario',
  formComentario: 'Agregar comentario',
  comentarioPlaceholder: 'Escriba un comentario para el equipo…',
  comentar: 'Comentar',
  sinComentarios: 'Todavía no hay comentarios.',
  comentarioAgregado: 'Comentario agregado',
  eliminarComentario: 'Eliminar comentario',
  eliminarComentarioTexto: '¿Eliminar este comentario? Esta acción no se puede deshacer.',
  comentarioEliminado: 'Comentario eliminado',
  errorComentario: 'No se pudo eliminar el comentario',
  comentarios: 'Comentarios',
  sistema: 'Sistema',
  // Projects
  proyectosTitulo: 'Proyectos del monitor',
  proyectosTabla: 'Proyectos',
  volverAlMonitor: 'Volver al monitor',
  volverAProyectos: 'Volver a los proyectos',
  nuevoProyecto: 'Nuevo proyecto',
  sinProyectos: 'Todavía no hay proyectos.',
  proyectoNoEncontrado: 'No se encontró el proyecto.',
  proyectoCampos: {
    nombre: 'Nombre',
    slug: 'Slug',
    plataforma: 'Plataforma',
    activo: 'Activo',
    limite_por_minuto: 'Eventos por minuto',
    alerta_pico_eventos: 'Alerta de pico: eventos',
    alerta_pico_minutos: 'Alerta de pico: en minutos',
    campos_sensibles: 'Campos sensibles adicionales',
    public_key: 'Clave pública',
    dsn: 'DSN',
    issues_sin_resolver: 'Sin resolver',
    creado: 'Creado',
    actualizado: 'Actualizado',
  } satisfies Partial<Record<keyof Proyecto, string>>,
  activoSi: 'Activo',
  activoNo: 'Desactivado',
  activoDescripcion: 'Un proyecto desactivado rechaza los eventos nuevos.',
  limiteDescripcion: 'Más allá de este límite la recepción responde 429 con Retry-After.',
  camposSensiblesDescripcion:
    'Los valores cuyo nombre contiene uno de estos (en variables locales, encabezados, cookies, cuerpo y consulta del pedido, usuario, datos extra, contextos y migas) se guardan como [Filtered], además de password, secret, token, auth, cookie, session, credenciales y números de tarjeta. Escriba uno y presione Enter.',
  camposSensiblesNinguno: 'Solo los de siempre',
  alertaPico: 'Alerta de pico',
  picoDescripcion: 'Avisa (una vez por hora) cuando un error supera esta cantidad de eventos en los minutos indicados.',
  picoTexto: (eventos: number, minutos: number) =>
    `Más de ${eventos.toLocaleString('es-AR')} eventos de un error en ${minutos} min`,
  editar: 'Editar',
  eliminar: 'Eliminar',
  formNuevo: 'Nuevo proyecto',
  formEditar: (nombre: string) => `Editar proyecto ${nombre}`,
  guardado: 'Proyecto guardado',
  guardadoTexto: (nombre: string) => `Se guardó el proyecto ${nombre}.`,
  eliminarTitulo: 'Eliminar proyecto',
  eliminarTexto: (nombre: string) =>
    `¿Eliminar el proyecto ${nombre}? Se eliminarán también sus errores, eventos y comentarios. Esta acción no se puede deshacer.`,
  eliminado: 'Proyecto eliminado',
  errorEliminar: 'No se pudo eliminar',
  activar: 'Activar',
  desactivar: 'Desactivar',
  activado: 'Proyecto activado',
  desactivado: 'Proyecto desactivado',
  desactivarTexto: (nombre: string) =>
    `¿Desactivar el proyecto ${nombre}? Sus aplicaciones dejarán de poder enviar errores.`,
  rotarClave: 'Rotar clave',
  rotarTitulo: 'Rotar la clave del proyecto',
  rotarTexto:
    'Se generará una clave nueva y el DSN actual dejará de funcionar de inmediato: habrá que actualizarlo en cada aplicación. ¿Continuar?',
  claveRotada: 'Clave rotada',
  claveRotadaTexto: 'El DSN cambió: actualícelo en las aplicaciones.',
  configuracion: 'Configuración del SDK',
  dsnDescripcion: 'Las aplicaciones envían sus errores a esta dirección con los SDK estándar de Sentry.',
  snippetNavegador: 'Navegador (@sentry/browser)',
  snippetNode: 'Node.js (@sentry/node)',
  copiado: 'Copiado',
  copiarDsn: 'Copiar DSN',
  copiarSnippet: (cual: string) => `Copiar configuración ${cual}`,
  verErrores: 'Ver errores',
  datosProyecto: 'Datos',
} as const;
