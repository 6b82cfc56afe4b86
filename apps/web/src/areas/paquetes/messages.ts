import type { PaqueteCanal, PaqueteFila } from '@intranet/contract/areas/paquetes';

/** Texts of the Paquetes de instalación screens. */
export const instaladoresMessages = {
  titulo: 'Paquetes de instalación',
  tabla: 'Paquetes',
  subir: 'Subir paquete',
  archivoPaquete: 'Archivo del paquete',
  editar: 'Editar',
  volver: 'Volver a la lista',
  volverAlPaquete: 'Volver al paquete',
  sinPaquetes: 'No hay paquetes que coincidan con la búsqueda.',
  sinRetirados: 'No hay paquetes retirados.',
  buscarPlaceholder: 'Nombre, producto, versión…',
  noEncontrado: 'No se encontró el paquete.',
  campos: {
    nombre: 'Nombre',
    producto: 'Producto',
    version: 'Versión',
    canal: 'Canal',
    fecha: 'Fecha',
    notas: 'Notas',
    tamano: 'Tamaño',
    sha256: 'SHA-256',
    tipo: 'Tipo de archivo',
    publicado_por: 'Publicado por',
    descargas: 'Descargas',
    retirado: 'Retirado',
    archivo_id: 'Archivo',
  } satisfies Partial<Record<keyof PaqueteFila, string>>,
  canales: { estable: 'Estable', beta: 'Beta', hotfix: 'Hotfix' } satisfies Record<PaqueteCanal, string>,
  canalColores: { estable: 'green', beta: 'yellow', hotfix: 'orange' } satisfies Record<PaqueteCanal, string>,
  vista: 'Paquetes a mostrar',
  listados: 'Publicados',
  retirados: 'Retirados',
  retiradoBadge: 'Retirado',
  tabs: { datos: 'Datos', historial: 'Historial' },
  // Upload
  soltarAqui: 'Suelte el archivo aquí para subirlo como paquete',
  soltarAyuda: 'o use «Subir paquete». Un archivo por vez.',
  soloUno: 'Suba un archivo por vez.',
  subidaTitulo: (archivo: string) => `Subir ${archivo}`,
  elegirArchivo: 'Elegir archivo',
  cancelarSubida: 'Cancelar subida',
  descartar: 'Descartar',
  subiendo: 'Subiendo…',
  progreso: 'Progreso de la subida',
  progresoTexto: (porcentaje: number, velocidad: string, enviado: string, total: string) =>
    `${porcentaje} % · ${velocidad} · ${enviado} de ${total}`,
  subido: 'Paquete subido',
  subidoTexto: (nombre: string) => `Se subió ${nombre}; ya es el último paquete.`,
  subidaCancelada: 'Subida cancelada',
  subidaCanceladaTexto: 'No se guardó nada del archivo.',
  errorSubida: 'No se pudo subir el paquete',
  demasiadoGrande: (maximo: string) => `El archivo supera el tamaño máximo permitido (${maximo})`,
  // Detail
  descargar: 'Descargar',
  enlaceDirecto: 'Enlace directo',
  copiarSha: 'Copiar SHA-256',
  shaCopiado: 'SHA-256 copiado',
  copiarEnlace: 'Copiar enlace',
  enlaceCopiado: 'Enlace copiado',
  sinArchivo: 'Registrado sin archivo (anterior a las subidas).',
  retirar: 'Retirar',
  restaurar: 'Volver a publicar',
  retirarTitulo: 'Retirar paquete',
  retirarTexto: (nombre: string) =>
    `¿Retirar ${nombre}? Dejará de figurar en la lista y en la barra superior; su enlace directo seguirá descargándolo.`,
  retirado: 'Paquete retirado',
  restaurado: 'Paquete publicado otra vez',
  errorCambio: 'No se pudo cambiar el paquete',
  formEditar: (nombre: string) => `Editar paquete ${nombre}`,
  guardado: 'Paquete guardado',
} as const;

/** The version a package file name carries (`PhysisSetup-3.14.2.exe` → `3.14.2`), if any. */
export function versionDelNombre(nombre: string): string {
  return /(\d+(?:\.\d+){1,3}(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?)\.[A-Za-z0-9]+$/.exec(nombre)?.[1] ?? '';
}
