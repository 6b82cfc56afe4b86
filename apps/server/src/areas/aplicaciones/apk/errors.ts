/**
 * A refused APK: the Spanish message goes to the `archivo` field; 400 for the file itself, 409 against older versions.
 */
export class ApkRechazado extends Error {
  constructor(
    message: string,
    readonly status: 400 | 409 = 400,
  ) {
    super(message);
  }
}

const huella = (sha256: string) => `${sha256.slice(0, 16).match(/../g)!.join(':').toUpperCase()}…`;

export const MENSAJES_APK = {
  noEsZip: 'El archivo no es un APK: no es un archivo ZIP válido',
  sinManifest: 'El archivo no es un APK: le falta AndroidManifest.xml',
  manifestIlegible: 'No se pudo leer el AndroidManifest.xml del APK (no está en el formato binario de Android)',
  sinPaquete: 'El AndroidManifest.xml del APK no declara un nombre de paquete válido',
  sinVersionCode: 'El AndroidManifest.xml del APK no declara un versionCode válido (entero positivo)',
  sinVersionName: 'El AndroidManifest.xml del APK no declara versionName',
  entradasRepetidas: 'El APK tiene entradas repetidas; un APK así no se instala',
  cifrado: 'El APK tiene entradas cifradas; no se puede leer',
  demasiadoGrande: 'El contenido descomprimido del APK es demasiado grande',
  sinFirma: 'El APK no está firmado: fírmelo (Android Studio o apksigner) antes de subirlo',
  firmaInvalida: (detalle: string) => `La firma del APK no es válida: ${detalle}`,
  paqueteDistinto: (delApk: string, deLaApp: string) =>
    `El APK es del paquete ${delApk}; esta aplicación es ${deLaApp}`,
  versionCodeNoMayor: (nuevo: number, ultimo: number) =>
    `El versionCode ${nuevo} debe ser mayor que el de la última versión subida (${ultimo})`,
  firmaDistinta: (nueva: string, anterior: string) =>
    `El APK está firmado con otro certificado (SHA-256 ${huella(nueva)}) que las versiones anteriores (${huella(anterior)}); Android no lo instalaría como actualización`,
} as const;
