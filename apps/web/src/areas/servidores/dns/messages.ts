/** Texts of the Servicio DNS screens and of a server's DNS tab. */
export const dnsMessages = {
  titulo: 'Servicio DNS',
  tabla: 'Entradas DNS',
  sinEntradas: 'No hay entradas DNS que coincidan con la búsqueda.',
  buscarPlaceholder: 'Host o servidor…',
  volver: 'Volver a la lista',
  volverAEntrada: 'Volver a la entrada DNS',
  noEncontrada: 'No se encontró la entrada DNS.',
  tabs: { datos: 'Datos', direcciones: 'Direcciones', historial: 'Historial' },
  campos: {
    id: 'ID',
    host: 'Host',
    servidor: 'Servidor',
    servidor_nombre: 'Servidor',
    servidor_id: 'Servidor',
    tipo: 'Tipo',
    ttl: 'TTL (segundos)',
    ttlCorto: 'TTL',
    activo: 'Activo',
    direcciones_count: 'Direcciones',
  },
  si: 'Sí',
  no: 'No',
  activa: 'Activa',
  inactiva: 'Inactiva',
  // A server's DNS tab
  entradasDe: (servidor: string) => `Entradas DNS de ${servidor}`,
  sinEntradasServidor: 'Este servidor todavía no tiene entradas DNS.',
  agregarEntrada: 'Agregar entrada DNS',
  nuevaEntrada: 'Nueva entrada DNS',
  editarEntrada: (host: string) => `Editar entrada DNS ${host}`,
  editar: 'Editar',
  eliminar: 'Eliminar',
  guardar: 'Guardar',
  cancelar: 'Cancelar',
  entradaGuardada: 'Entrada DNS guardada',
  eliminarEntradaTitulo: 'Eliminar entrada DNS',
  eliminarEntradaTexto: (host: string, direcciones: number) =>
    `¿Eliminar la entrada DNS ${host}?` +
    (direcciones === 0
      ? ''
      : direcciones === 1
        ? ' También se eliminará su dirección.'
        : ` También se eliminarán sus ${direcciones} direcciones.`) +
    ' Esta acción no se puede deshacer.',
  entradaEliminada: 'Entrada DNS eliminada',
  errorEliminar: 'No se pudo eliminar',
  errorAccion: 'No se pudo completar la acción',
  // Resolution
  resolverAhora: 'Resolver ahora',
  resolverAhoraDe: (host: string) => `Resolver ahora ${host}`,
  resuelveA: (host: string, direcciones: string[]) =>
    direcciones.length === 0
      ? `${host} no resuelve a ninguna dirección.`
      : `${host} resuelve a ${direcciones.join(', ')}.`,
  coincide: 'Coincide con las IP del servidor.',
  noCoincide: 'No coincide con las IP del servidor.',
  noResuelve: (error: string) => `No se pudo resolver: ${error}`,
  // Addresses
  direcciones: 'Direcciones',
  direccionesDe: (host: string) => `Direcciones de ${host}`,
  sinDirecciones: 'Sin direcciones.',
  agregarDireccion: 'Agregar dirección',
  agregarDireccionA: (host: string) => `Agregar dirección a ${host}`,
  nuevaDireccion: 'Nueva dirección',
  editarDireccion: (url: string) => `Editar dirección ${url}`,
  direccion: {
    url: 'URL',
    host: 'Host de la dirección',
    hostCorto: 'Host',
    port: 'Puerto',
    path: 'Ruta',
  },
  direccionGuardada: 'Dirección guardada',
  eliminarDireccionTitulo: 'Eliminar dirección',
  eliminarDireccionTexto: (url: string) => `¿Eliminar la dirección ${url}? Esta acción no se puede deshacer.`,
  direccionEliminada: 'Dirección eliminada',
  verificar: 'Verificar',
  verificarDe: (url: string) => `Verificar ${url}`,
  alcanzable: (ms: number | null) => (ms === null ? 'Alcanzable' : `Alcanzable (${ms} ms)`),
  noAlcanzable: (error: string | null) => (error ? `No alcanzable: ${error}` : 'No alcanzable'),
  acciones: 'Acciones',
  historial: 'Historial',
  verServidor: (nombre: string) => `Ver servidor ${nombre}`,
} as const;
