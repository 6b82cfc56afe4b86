import type { StoreCanal } from '@intranet/contract/appsstore';

/** Texts of the AppsStore screens. */
export const appsstoreMessages = {
  titulo: 'AppsStore',
  tabs: { config: 'Configuración', catalogo: 'Catálogo', historial: 'Historial' },
  noEncontrada: 'No se pudo leer la configuración de la tienda.',
  campos: {
    nombre: 'Nombre de la tienda',
    canales: 'Canales ofrecidos',
    destacadas: 'Aplicaciones destacadas',
    version_minima: 'Versión mínima del cliente',
    mantenimiento: 'En mantenimiento',
    mantenimiento_mensaje: 'Mensaje de mantenimiento',
  },
  ayuda: {
    canales: 'Los dispositivos solo ven las versiones publicadas en estos canales.',
    destacadas: 'Se muestran primero, en este orden. Solo aplicaciones publicadas.',
    version_minima: 'Los clientes de la tienda más antiguos deben actualizarse (por ejemplo 1.4.0). Vacío: cualquiera.',
    mantenimiento: 'El catálogo, el índice y las descargas responden 503 con el mensaje; la configuración sigue disponible.',
    mantenimiento_mensaje: 'Lo que verán los dispositivos mientras dure el mantenimiento.',
  },
  canales: { estable: 'Estable', beta: 'Beta' } satisfies Record<StoreCanal, string>,
  canalColores: { estable: 'green', beta: 'orange' } satisfies Record<StoreCanal, string>,
  noPublicada: 'no publicada',
  elegirDestacadas: 'Elija aplicaciones…',
  sinAplicaciones: 'No hay aplicaciones publicadas',
  guardado: 'Configuración guardada',
  guardadoTexto: 'Los dispositivos verán los cambios en su próxima consulta.',
  actualizado: (fecha: string) => `Última modificación: ${fecha}`,
  sinGuardar: 'La tienda funciona con los valores iniciales: todavía no se guardó una configuración.',
  mantenimientoActivo: 'La tienda está en mantenimiento',
  mantenimientoDesde: (fecha: string) => `Desde ${fecha}. Los dispositivos reciben 503 con el mensaje.`,
  // Catalogue
  buscarPlaceholder: 'Nombre, paquete, resumen, categoría…',
  categoria: 'Categoría',
  canal: 'Canal',
  destacada: 'Destacadas',
  soloDestacadas: 'Solo destacadas',
  noDestacadas: 'No destacadas',
  orden: 'Ordenar por',
  ordenes: {
    nombre: 'Nombre (A-Z)',
    '-nombre': 'Nombre (Z-A)',
    '-descargas': 'Más descargadas',
    descargas: 'Menos descargadas',
    '-actualizado': 'Actualizadas recientemente',
    actualizado: 'Actualizadas hace más tiempo',
    categoria: 'Categoría',
  } as Record<string, string>,
  sinApps: 'No hay aplicaciones publicadas que coincidan.',
  indice: 'Índice público (JSON)',
  indiceAyuda: 'Los dispositivos consultan este índice al estilo F-Droid; responde 304 si no cambió.',
  qrIndice: 'Código QR del índice público',
  descargas: (n: number) => (n === 1 ? '1 descarga' : `${n.toLocaleString('es-AR')} descargas`),
  descargar: 'Descargar APK',
  qrDescarga: (app: string, version: string) => `Código QR de la descarga de ${app} ${version}`,
  sinVersion: 'Sin versión publicada',
  destacadaBadge: 'Destacada',
  sinIcono: (nombre: string) => `Sin icono: ${nombre}`,
  version: (name: string, code: number) => `${name} (${code})`,
  publicada: (fecha: string) => `Publicada el ${fecha}`,
  sdk: (min: number | null, target: number | null) => `SDK mín. ${min ?? '—'} · objetivo ${target ?? '—'}`,
  paginas: 'Páginas del catálogo',
  total: (n: number) => (n === 1 ? '1 aplicación' : `${n.toLocaleString('es-AR')} aplicaciones`),
} as const;

const tamano = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

/** A file size as staff read it: 12,4 MB. */
export function formatTamano(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${tamano.format(bytes / 1024)} KB`;
  return `${tamano.format(bytes / (1024 * 1024))} MB`;
}
