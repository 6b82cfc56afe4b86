import type { Servidor } from '@intranet/contract/areas/servidores';

/** Texts of the Servidores propios screens. */
export const servidoresMessages = {
  titulo: 'Servidores propios',
  tabla: 'Servidores',
  nuevo: 'Nuevo servidor',
  editar: 'Editar',
  eliminar: 'Eliminar',
  volver: 'Volver a la lista',
  volverAlServidor: 'Volver al servidor',
  sinServidores: 'No hay servidores que coincidan con la búsqueda.',
  buscarPlaceholder: 'Nombre, hostname, IP…',
  noEncontrado: 'No se encontró el servidor.',
  campos: {
    nombre: 'Nombre',
    hostname: 'Hostname',
    ip_publica: 'IP pública',
    ip_privada: 'IP privada',
    proveedor: 'Proveedor',
    rol: 'Rol',
    so: 'Sistema operativo',
    estado: 'Estado',
    notas: 'Notas',
    dns_count: 'DNS',
    creado: 'Creado',
    actualizado: 'Actualizado',
    dnss: 'Entradas DNS',
  } satisfies Partial<Record<keyof Servidor | 'dns_count', string>>,
  estados: { activo: 'Activo', offline: 'Offline', planificado: 'Planificado', baja: 'Baja' } satisfies Record<
    Servidor['estado'],
    string
  >,
  estadoColores: { activo: 'green', offline: 'orange', planificado: 'blue', baja: 'gray' } satisfies Record<
    Servidor['estado'],
    string
  >,
  todos: 'Todos',
  tabs: { datos: 'Datos', dns: 'DNS', historial: 'Historial' },
  formNuevo: 'Nuevo servidor',
  formEditar: (nombre: string) => `Editar servidor ${nombre}`,
  guardado: 'Servidor guardado',
  guardadoTexto: (nombre: string) => `Se guardó el servidor ${nombre}.`,
  eliminarTitulo: 'Eliminar servidor',
  eliminarTexto: (nombre: string, dns: number) =>
    dns === 0
      ? `¿Eliminar el servidor ${nombre}? Esta acción no se puede deshacer.`
      : `¿Eliminar el servidor ${nombre}? También se eliminarán ${dns === 1 ? 'su entrada DNS' : `sus ${dns} entradas DNS`} y sus direcciones. Esta acción no se puede deshacer.`,
  eliminarVariosTitulo: 'Eliminar servidores',
  eliminarVariosTexto: (servidores: number, dns: number) =>
    `¿Eliminar ${servidores === 1 ? '1 servidor' : `${servidores} servidores`}?` +
    (dns === 0
      ? ''
      : ` ${servidores === 1 ? 'Tiene' : 'Tienen'} ${dns === 1 ? '1 entrada DNS que también se eliminará' : `${dns} entradas DNS que también se eliminarán`}, con sus direcciones.`) +
    ' Esta acción no se puede deshacer.',
  eliminado: 'Servidor eliminado',
  eliminados: (n: number) => (n === 1 ? 'Se eliminó 1 servidor.' : `Se eliminaron ${n} servidores.`),
  errorEliminar: 'No se pudo eliminar',
} as const;
