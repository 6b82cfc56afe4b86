/** Release health's texts (the Releases tab's health section). */
export const saludMessages = {
  titulo: 'Salud de las releases',
  intro:
    'Sesiones que informan los SDK (release health). Sin caídas: sesiones y usuarios sin un error no manejado. Adopción: porcentaje de las sesiones del proyecto en el período elegido.',
  periodo: 'Período de la salud',
  entorno: 'Entorno',
  todosLosEntornos: 'Todos',
  periodos: { 1: 'Últimas 24 h', 7: '7 días', 14: '14 días', 30: '30 días' } as Record<number, string>,
  vacio: 'Ninguna sesión en el período. Los SDK las envían con la release configurada (release health).',
  error: 'No se pudo leer la salud de las releases',
  release: 'Release',
  sesiones: 'Sesiones',
  sinCaidasSesiones: 'Sesiones sin caídas',
  sinCaidasUsuarios: 'Usuarios sin caídas',
  adopcion: 'Adopción',
  caidas: 'Caídas',
  conErrores: 'Con errores',
  anormales: 'Anormales',
  usuarios: 'Usuarios',
  verDias: (release: string) => `Sesiones por día de ${release}`,
  /** On the release's own card, which names it already. */
  verDiasCorto: 'Sesiones por día',
  grafico: (release: string, sesiones: string, caidas: string) =>
    `Sesiones por día de ${release}: ${sesiones} sesiones, ${caidas} caídas`,
  porcentaje: (v: number | null) => (v === null ? '—' : `${v.toLocaleString('es-AR', { maximumFractionDigits: 2 })} %`),
  enLista: (dias: number) => `Sin caídas (${dias} días)`,
  alerta: 'Alerta de caídas',
  alertaTexto:
    'Avisa (en Mis alertas, tipo Monitor de errores) cuando una release tiene menos sesiones sin caídas que el umbral en las últimas 24 h, con al menos el mínimo de sesiones. Umbral 0: sin alerta.',
  umbral: 'Umbral (%)',
  minimo: 'Mínimo de sesiones',
  guardar: 'Guardar',
  guardada: 'Alerta de caídas guardada',
  errorGuardar: 'No se pudo guardar la alerta',
};
