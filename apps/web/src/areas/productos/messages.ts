import type { ProductoFila, ProductoTipo } from '@intranet/contract/areas/productos';

/** Texts of the Productos screens. */
export const productosMessages = {
  titulo: 'Productos',
  tabla: 'Productos',
  nuevo: 'Nuevo producto',
  editar: 'Editar',
  eliminar: 'Eliminar',
  volver: 'Volver a la lista',
  volverAlProducto: 'Volver al producto',
  sinProductos: 'No hay productos que coincidan con la búsqueda.',
  buscarPlaceholder: 'Código, nombre, línea, responsable…',
  noEncontrado: 'No se encontró el producto.',
  campos: {
    codigo: 'Código',
    nombre: 'Nombre',
    linea: 'Línea',
    tipo: 'Tipo',
    activo: 'Activo',
    responsable: 'Responsable',
    descripcion: 'Descripción',
    creado: 'Creado',
    actualizado: 'Actualizado',
  } satisfies Partial<Record<keyof ProductoFila | 'descripcion', string>>,
  tipos: { escritorio: 'Escritorio', web: 'Web', movil: 'Móvil', servicio: 'Servicio' } satisfies Record<
    ProductoTipo,
    string
  >,
  tipoColores: { escritorio: 'blue', web: 'teal', movil: 'grape', servicio: 'orange' } satisfies Record<
    ProductoTipo,
    string
  >,
  activo: 'Activo',
  inactivo: 'Inactivo',
  si: 'Sí',
  no: 'No',
  sinDescripcion: 'Sin descripción.',
  tabs: { datos: 'Datos', historial: 'Historial' },
  formNuevo: 'Nuevo producto',
  formEditar: (nombre: string) => `Editar producto ${nombre}`,
  codigoAyuda: 'Único; letras, números, punto, guion y guion bajo.',
  responsableAyuda: 'Quién responde por el producto.',
  guardado: 'Producto guardado',
  guardadoTexto: (nombre: string) => `Se guardó el producto ${nombre}.`,
  eliminarTitulo: 'Eliminar producto',
  eliminarTexto: (nombre: string) => `¿Eliminar el producto ${nombre}? Esta acción no se puede deshacer.`,
  eliminarVariosTitulo: 'Eliminar productos',
  eliminarVariosTexto: (n: number) =>
    `¿Eliminar ${n === 1 ? '1 producto' : `${n} productos`}? Esta acción no se puede deshacer.`,
  eliminado: 'Producto eliminado',
  eliminados: (n: number) => (n === 1 ? 'Se eliminó 1 producto.' : `Se eliminaron ${n} productos.`),
  errorEliminar: 'No se pudo eliminar',
} as const;
