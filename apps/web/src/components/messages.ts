import { formatCompacto, formatNumero } from '../core/format.ts';

/** Texts of the shared list and form pieces, in Spanish (the shell's texts live in core/messages.ts). */
export const listMessages = {
  cargando: 'Cargando…',
  sinResultados: 'No hay resultados',
  errorCarga: 'No se pudieron cargar los datos.',
  reintentar: 'Reintentar',
  resultados: (n: number) => (n === 1 ? '1 resultado' : `${formatNumero(n)} resultados`),
  /** The server stopped counting at `n` (TOPE_TOTAL): at least that many match. */
  masDeResultados: (n: number) => `Más de ${formatNumero(n)} resultados`,
  /** Far above the cap: the database's estimate, nothing counted (as GitHub's "≈ 1,2 M"). */
  aproxResultados: (n: number) => `≈ ${formatCompacto(n)} resultados`,
  filasPorPagina: 'Filas por página',
  paginacion: 'Paginación',
  primeraPagina: 'Primera página',
  paginaAnterior: 'Página anterior',
  paginaSiguiente: 'Página siguiente',
  ultimaPagina: 'Última página',
  columnas: 'Columnas',
  columnasVisibles: 'Columnas visibles',
  seleccionarTodas: 'Seleccionar todas las filas de la página',
  seleccionarFila: (nombre: string) => `Seleccionar ${nombre}`,
  seleccionarPagina: 'Seleccionar las de esta página',
  seleccionadas: (n: number) => (n === 1 ? '1 seleccionado' : `${n} seleccionados`),
  eliminarSeleccionados: 'Eliminar seleccionados',
  buscar: 'Buscar',
  buscarPlaceholder: 'Buscar…',
  limpiarBusqueda: 'Limpiar búsqueda',
  ordenAscendente: 'orden ascendente',
  ordenDescendente: 'orden descendente',
  exportarCsv: 'Exportar CSV',
  errorExportar: 'No se pudo exportar la lista.',
  errorDescargar: 'No se pudo descargar el archivo.',
  todos: 'Todos',
  cambiosPendientes: (n: number) => (n === 1 ? '1 cambio — actualizar' : `${formatNumero(n)} cambios — actualizar`),
  cambiosPendientesAyuda: 'Otra persona cambió esta lista mientras la usaba',
  filtros: 'Filtros',
  filtrosActivos: (n: number) => (n === 1 ? 'Filtros: 1 activo' : `Filtros: ${n} activos`),
  limpiarFiltros: 'Limpiar filtros',
  ordenarPor: 'Ordenar por',
  ordenPredeterminado: 'Orden predeterminado',
  ordenOpcion: (columna: string, descendente: boolean) => `${columna} (${descendente ? 'descendente' : 'ascendente'})`,
} as const;

export const formMessages = {
  guardar: 'Guardar',
  sinCambios: 'Sin cambios para guardar: cambie algún campo primero',
  cancelar: 'Cancelar',
  errorGuardar: 'No se pudo guardar',
  revisarCampos: 'Revise los campos marcados.',
  cambiosSinGuardarTitulo: 'Hay cambios sin guardar',
  cambiosSinGuardarTexto: 'Si sale de esta pantalla se perderán los cambios. ¿Desea salir sin guardar?',
  salirSinGuardar: 'Salir sin guardar',
  seguirEditando: 'Seguir editando',
  cambiosSinGuardarDialogo: 'Si cierra este diálogo se perderán los cambios. ¿Desea cerrarlo sin guardar?',
  cerrarSinGuardar: 'Cerrar sin guardar',
  si: 'Sí',
  no: 'No',
  cargandoEditor: 'Cargando el editor…',
} as const;

export const richTextMessages = {
  ilegible: 'No se puede mostrar el texto guardado',
} as const;

/** Texts of the selects of another area's records (clients, people). */
export const entityMessages = {
  buscarCliente: 'Buscar por razón social o CUIT',
  buscarPersona: 'Buscar por nombre…',
  inactiva: 'inactiva',
} as const;

/** Texts of the expiry pieces the clients' and the sites' grids share. */
export const vencimientoMessages = {
  grafico: 'Vencimientos por mes',
  graficoAria: (total: number, vencidos: number) =>
    `Vencimientos de los próximos 12 meses: ${total}; ya vencidos: ${vencidos}`,
  yaVencidos: (n: number) => (n === 1 ? '1 ya vencido' : `${n} ya vencidos`),
  cantidad: 'Vencimientos',
} as const;

/** Texts of an upload's progress. */
export const uploadMessages = {
  progreso: 'Progreso de la subida',
  progresoTexto: ({
    porcentaje,
    velocidad,
    enviado,
    total,
  }: {
    porcentaje: number;
    velocidad: string;
    enviado: string;
    total: string;
  }) => `${porcentaje} % · ${velocidad} · ${enviado} de ${total}`,
  cancelarSubida: 'Cancelar subida',
} as const;

export const confirmMessages = {
  confirmar: 'Confirmar',
  cancelar: 'Cancelar',
  eliminar: 'Eliminar',
  cerrar: 'Cerrar',
} as const;

export const historyMessages = {
  titulo: 'Historial de cambios',
  fecha: 'Fecha',
  usuario: 'Usuario',
  accion: 'Acción',
  cambios: 'Cambios',
  campo: 'Campo',
  antes: 'Antes',
  despues: 'Después',
  sinCambios: 'Sin cambios registrados',
  sinHistorial: 'Todavía no hay cambios registrados.',
  sistema: 'Sistema',
  vacio: '—',
  errorCarga: 'No se pudo cargar el historial.',
  tabla: 'Historial de cambios',
  paginas: 'Páginas del historial',
} as const;

export const homeMessages = {
  verTodos: 'Ver todos',
  panelError: 'No se pudo cargar este panel.',
};

export const savedViewMessages = {
  vistas: 'Vistas',
  ninguna: 'Todavía no hay vistas guardadas en esta lista.',
  errorCarga: 'No se pudieron cargar las vistas.',
  error: 'No se pudo guardar la vista',
  propias: 'Mis vistas',
  compartida: 'Compartida',
  predeterminada: 'Predeterminada',
  guardarActual: 'Guardar la vista actual…',
  actualizar: 'Guardar el estado actual en esta vista',
  renombrar: 'Renombrar…',
  compartir: 'Compartir con quienes ven esta lista',
  dejarDeCompartir: 'Dejar de compartir',
  hacerPredeterminada: 'Abrir la lista con esta vista',
  quitarPredeterminada: 'Dejar de abrir la lista con esta vista',
  eliminar: 'Eliminar',
  eliminarTitulo: 'Eliminar vista',
  eliminarPregunta: (nombre: string) => `¿Eliminar la vista «${nombre}»? Quienes la usan dejarán de verla.`,
  nombre: 'Nombre de la vista',
  nombreRequerido: 'Este campo es requerido',
  compartirAyuda: 'La ven todos los que pueden ver esta lista.',
  guardar: 'Guardar',
  guardada: (nombre: string) => `Vista «${nombre}» guardada`,
  actualizada: (nombre: string) => `Vista «${nombre}» actualizada`,
  eliminada: (nombre: string) => `Vista «${nombre}» eliminada`,
  privada: 'La vista ya no se comparte',
  compartidaCon: 'La vista se comparte con quienes ven esta lista',
  predeterminadaLista: 'Listo: la lista se abrirá así',
};

/** Texts of a list's bulk actions. */
export const loteMessages = {
  seleccionadas: (n: number) => (n === 1 ? '1 fila seleccionada' : `${formatNumero(n)} filas seleccionadas`),
  seleccionarCoincidentes: (n: number) => `Seleccionar los ${formatNumero(n)} que coinciden con el filtro`,
  todasSeleccionadas: (n: number) => `Los ${formatNumero(n)} que coinciden con el filtro están seleccionados`,
  /** The list stopped counting at its cap: how many match is not known, only that it is more. */
  seleccionarMasDe: (n: number) => `Seleccionar los más de ${formatNumero(n)} que coinciden con el filtro`,
  masDeSeleccionadas: (n: number) => `Los más de ${formatNumero(n)} que coinciden con el filtro están seleccionados`,
  excedido: (tope: number) =>
    `Más de ${formatNumero(tope)} filas coinciden con el filtro: eliminar o cambiar en lote actúa sobre ${formatNumero(tope)} como máximo. Acote la lista con un filtro para hacerlo; Exportar selección las incluye todas.`,
  soloLaPagina: 'Solo esta página',
  acciones: 'Acciones en lote',
  eliminar: 'Eliminar',
  cambiar: (campo: string) => `Cambiar ${campo.toLowerCase()}`,
  exportar: 'Exportar selección',
  eliminarTitulo: 'Eliminar en lote',
  eliminarTexto: (n: number) =>
    n === 1
      ? '¿Eliminar la fila seleccionada? Esta acción no se puede deshacer.'
      : `¿Eliminar las ${formatNumero(n)} filas seleccionadas? Esta acción no se puede deshacer.`,
  cambiarTitulo: (campo: string, n: number) =>
    `Cambiar ${campo.toLowerCase()} de ${n === 1 ? '1 fila' : `${formatNumero(n)} filas`}`,
  aplicar: 'Aplicar',
  cancelar: 'Cancelar',
  si: 'Sí',
  no: 'No',
  vacio: '(vacío)',
  resultadoTitulo: 'Resultado de la acción en lote',
  eliminados: (n: number) =>
    n === 0
      ? 'No se eliminó ninguna fila.'
      : n === 1
        ? 'Se eliminó 1 fila.'
        : `Se eliminaron ${formatNumero(n)} filas.`,
  cambiados: (n: number) =>
    n === 0 ? 'No se cambió ninguna fila.' : n === 1 ? 'Se cambió 1 fila.' : `Se cambiaron ${formatNumero(n)} filas.`,
  rechazados: (n: number) =>
    n === 1 ? '1 fila no se pudo procesar:' : `${formatNumero(n)} filas no se pudieron procesar:`,
  cerrar: 'Cerrar',
  error: 'No se pudo completar la acción en lote',
} as const;

/** Texts of the printed records and lists. */
export const imprimirMessages = {
  imprimir: 'Imprimir',
  preparando: 'Preparando la impresión…',
  impreso: (fecha: string) => `Impreso el ${fecha}`,
  tope: (filas: number, total: number) =>
    `Se imprimen las primeras ${filas.toLocaleString('es-AR')} de las ${total.toLocaleString('es-AR')} filas que coinciden con el filtro; acote la lista para imprimir el resto.`,
} as const;
