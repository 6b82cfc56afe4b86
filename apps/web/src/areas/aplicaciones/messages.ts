import type { AplicacionCanal, AplicacionFila, AplicacionVersion } from '@intranet/contract/aplicaciones';

/** Texts of the Aplicaciones screens (Soluciones · Aplicaciones). */
export const aplicacionesMessages = {
  titulo: 'Aplicaciones',
  tabla: 'Aplicaciones',
  nueva: 'Nueva aplicación',
  editar: 'Editar',
  eliminar: 'Eliminar',
  volver: 'Volver a la lista',
  volverALaApp: 'Volver a la aplicación',
  sinAplicaciones: 'No hay aplicaciones que coincidan con la búsqueda.',
  buscarPlaceholder: 'Nombre, paquete, resumen, categoría…',
  noEncontrada: 'No se encontró la aplicación.',
  campos: {
    icono: 'Icono',
    nombre: 'Nombre',
    package_name: 'Paquete',
    resumen: 'Resumen',
    descripcion: 'Descripción',
    categoria: 'Categoría',
    publicada: 'Publicada',
    versiones: 'Versiones',
    ultima_version: 'Última versión',
    descargas: 'Descargas',
    firma_sha256: 'Certificado firmante (SHA-256)',
    creado: 'Creada',
    actualizado: 'Actualizada',
    icono_id: 'Icono',
  } satisfies Partial<Record<keyof AplicacionFila | 'descripcion' | 'firma_sha256', string>>,
  si: 'Sí',
  no: 'No',
  publicada: 'Publicada',
  noPublicada: 'No publicada',
  sinDescripcion: 'Sin descripción.',
  sinFirma: 'Se fija con la primera versión subida.',
  tabs: { datos: 'Datos', versiones: 'Versiones', historial: 'Historial' },
  formNueva: 'Nueva aplicación',
  formEditar: (nombre: string) => `Editar aplicación ${nombre}`,
  packageAyuda: 'El applicationId de Android (com.empresa.app); cada APK subido debe declararlo.',
  packageFijo: 'Fijo: la aplicación ya tiene versiones con este paquete.',
  publicadaAyuda: 'La tienda la muestra con su última versión publicada de cada canal.',
  categoriaAyuda: 'Elija una existente o escriba una nueva.',
  iconoAyuda: 'PNG, JPEG o WebP, hasta 1 MB (512 × 512 recomendado).',
  iconoElegir: 'Elegir imagen…',
  iconoQuitar: 'Quitar icono',
  iconoSubiendo: 'Subiendo icono…',
  iconoError: 'No se pudo subir el icono',
  iconoDe: (nombre: string) => `Icono de ${nombre}`,
  guardada: 'Aplicación guardada',
  guardadaTexto: (nombre: string) => `Se guardó la aplicación ${nombre}.`,
  eliminarTitulo: 'Eliminar aplicación',
  eliminarTexto: (nombre: string) => `¿Eliminar la aplicación ${nombre}? Esta acción no se puede deshacer.`,
  conVersionesTitulo: 'La aplicación tiene versiones',
  conVersionesTexto: (nombre: string, n: number) =>
    `${nombre} tiene ${n === 1 ? 'una versión subida' : `${n} versiones subidas`}. Una aplicación con versiones no se elimina: ` +
    'sus firmas protegen las actualizaciones de quienes la instalaron. Puede despublicarla (editar, desmarcar «Publicada»).',
  entendido: 'Entendido',
  eliminada: 'Aplicación eliminada',
  errorEliminar: 'No se pudo eliminar',
} as const;

/** Texts of an app's versions: table, upload and actions. */
export const versionesMessages = {
  tabla: 'Versiones',
  sinVersiones: 'La aplicación todavía no tiene versiones. Suba su primer APK.',
  buscarPlaceholder: 'Versión o novedades…',
  campos: {
    version_code: 'versionCode',
    version_name: 'Versión',
    canal: 'Canal',
    publicada: 'Estado',
    fecha: 'Fecha',
    tamano: 'Tamaño',
    min_sdk: 'SDK mín.',
    target_sdk: 'SDK objetivo',
    descargas: 'Descargas',
    novedades: 'Novedades',
    sha256: 'SHA-256',
    firma_sha256: 'Firma',
    publicado_por: 'Subida por',
  } satisfies Partial<Record<keyof AplicacionVersion, string>>,
  canales: { estable: 'Estable', beta: 'Beta' } satisfies Record<AplicacionCanal, string>,
  canalColores: { estable: 'green', beta: 'orange' } satisfies Record<AplicacionCanal, string>,
  estadoPublicada: 'Publicada',
  estadoDespublicada: 'Despublicada',
  acciones: 'Acciones',
  descargar: 'Descargar',
  descargarApk: (version: string) => `Descargar APK ${version}`,
  promover: 'Promover a estable',
  promoverTitulo: 'Promover a estable',
  promoverTexto: (version: string) => `¿Pasar la versión ${version} del canal beta al estable? La tienda la ofrecerá a todos.`,
  promovida: (version: string) => `La versión ${version} está en el canal estable.`,
  despublicar: 'Despublicar',
  despublicarTitulo: 'Despublicar versión',
  despublicarTexto: (version: string) => `¿Despublicar la versión ${version}? La tienda deja de ofrecerla; se puede volver a publicar.`,
  despublicada: (version: string) => `La versión ${version} ya no se ofrece.`,
  republicar: 'Volver a publicar',
  republicarTitulo: 'Volver a publicar',
  republicarTexto: (version: string) => `¿Volver a publicar la versión ${version} en la tienda?`,
  republicada: (version: string) => `La versión ${version} vuelve a ofrecerse.`,
  hecho: 'Listo',
  errorAccion: 'No se pudo completar la acción',
  subir: 'Subir versión',
  soltarAqui: 'Suelte el APK para subirlo',
  soloUno: 'Suba un APK por vez.',
  subidaTitulo: (archivo: string) => `Subir ${archivo}`,
  subidaAyuda: 'El paquete, versionCode, versionName, SDK y firma se leen del APK.',
  subiendo: 'Subiendo…',
  subirBoton: 'Subir',
  descartar: 'Descartar',
  cancelarSubida: 'Cancelar subida',
  progreso: 'Progreso de la subida',
  progresoTexto: (porcentaje: number, velocidad: string, enviado: string, total: string) => `${porcentaje} % · ${enviado} de ${total} · ${velocidad}`,
  verificando: 'Verificando el APK (manifiesto y firma)…',
  subida: 'Versión subida',
  subidaTexto: (version: string, code: number) => `Se publicó la versión ${version} (versionCode ${code}).`,
  subidaCancelada: 'Subida cancelada',
  subidaCanceladaTexto: 'No se guardó nada.',
  rechazado: 'El APK fue rechazado',
  demasiadoGrande: (max: string) => `El archivo supera el máximo de ${max}.`,
  noEsApk: 'Elija un archivo .apk.',
  novedadesAyuda: 'Lo que la tienda muestra como «Novedades» (hasta 500 caracteres).',
} as const;

/** Bytes as staff read them: 1,5 MB. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1).replace('.', ',')} ${units[unit]}`;
}

/** Android API levels as their version names, for the SDK columns. */
const ANDROID: Record<number, string> = {
  21: '5.0', 22: '5.1', 23: '6', 24: '7.0', 25: '7.1', 26: '8.0', 27: '8.1', 28: '9', 29: '10', 30: '11', 31: '12', 32: '12L', 33: '13', 34: '14', 35: '15', 36: '16',
};
export const formatSdk = (sdk: number | null): string => (sdk === null ? '—' : ANDROID[sdk] ? `${sdk} (Android ${ANDROID[sdk]})` : String(sdk));

/** A SHA-256 as the short fingerprint people compare: AB:CD:…:EF. */
export const formatHuella = (sha256: string): string => sha256.toUpperCase().match(/../g)!.join(':');
