/** The texts of a project's Logs tab (Monitor de errores → project → Logs). */
export const logsMessages = {
  tab: 'Logs',
  intro:
    'Lo que la aplicación registra con Sentry.logger (enableLogs: true), los más recientes primero. Cada log muestra su traza y, si hay un error de la misma traza, un enlace a él.',
  nivel: 'Nivel',
  todos: 'Todos los niveles',
  texto: 'Texto',
  textoPlaceholder: 'Buscar en el mensaje',
  periodo: 'Período',
  periodos: {
    '1h': 'Última hora',
    '24h': 'Últimas 24 horas',
    '7d': 'Últimos 7 días',
    '30d': 'Últimos 30 días',
    todo: 'Todo',
  },
  vacio: 'No hay logs con estos filtros.',
  error: 'No se pudieron leer los logs',
  verMas: 'Ver más',
  fecha: 'Fecha',
  mensaje: 'Mensaje',
  traza: 'Traza',
  verTraza: 'Ver la traza',
  verError: 'Ver el error',
  atributos: 'Atributos',
  sinTraza: '—',
};
