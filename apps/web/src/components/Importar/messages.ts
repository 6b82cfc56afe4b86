import { formatNumero } from '../../core/format.ts';

/** Texts of the import wizard, in Spanish. */
export const importarMessages = {
  importar: 'Importar',
  importarVarios: 'Importar varios',
  titulo: (que: string) => `Importar ${que}`,
  menu: (que: string) => `${que.charAt(0).toUpperCase()}${que.slice(1)}…`,
  pasos: ['Archivo', 'Columnas', 'Vista previa', 'Modo', 'Ensayo', 'Resultado'],
  paso: (n: number, total: number, nombre: string) => `Paso ${n} de ${total}: ${nombre}`,
  soltar: 'Arrastre aquí una planilla CSV o XLSX, o haga clic para elegirla',
  formatos:
    'CSV (coma o punto y coma; UTF-8, UTF-16 o Windows-1252, la codificación se reconoce) o Excel XLSX; la primera fila son los encabezados.',
  codificacion: (nombre: string) => `Codificación: ${nombre}`,
  cambiarCodificacion: 'Cambiar',
  cambiarCodificacionTitulo: 'Leer el archivo en otra codificación',
  codificacionAyuda: 'Si ve letras cambiadas (Jos� o JosÃ©), elija otra codificación.',
  tipoInvalido: 'El archivo debe ser una planilla CSV o XLSX',
  soltarCertificados: 'Arrastre aquí un .zip o varios certificados .crt/.pem, o haga clic para elegirlos',
  formatosCertificados: 'Cada certificado se lee (CUIT, CN, vencimiento, huella) y se asigna al cliente de su CUIT.',
  tipoInvalidoCertificados: 'Elija un .zip o archivos .crt, .pem o .cer',
  subiendo: 'Leyendo el archivo…',
  plantilla: 'Descargar plantilla',
  plantillaAyuda:
    'La plantilla y la exportación de la lista tienen las mismas columnas: un archivo exportado se importa tal cual.',
  archivoLeido: (nombre: string, filas: number, columnas: number) =>
    `${nombre}: ${filas === 1 ? '1 fila' : `${formatNumero(filas)} filas`} y ${columnas === 1 ? '1 columna' : `${columnas} columnas`}`,
  otroArchivo: 'Elegir otro archivo',
  columnasAyuda:
    'Cada campo toma la columna del archivo elegida; se adivinó por los encabezados. Los campos sin columna no se importan; los marcados con * son obligatorios.',
  columnaDe: (campo: string) => `Columna para «${campo}»`,
  sinColumna: '(ninguna)',
  tabla: 'Vista previa de las filas',
  fila: 'Fila',
  errores: 'Errores',
  soloErrores: 'Solo filas con errores',
  conErrores: (n: number, total: number) =>
    n === 0
      ? `Las ${formatNumero(total)} filas son válidas`
      : `${n === 1 ? '1 fila tiene' : `${formatNumero(n)} filas tienen`} errores de ${formatNumero(total)}`,
  corregir:
    'Corrija el archivo y súbalo otra vez, o cambie la asignación de columnas; o siga e importe solo las filas válidas: las filas con errores quedan en un CSV con sus motivos.',
  modo: 'Qué hacer con cada fila',
  soloCrear: 'Solo crear',
  soloCrearAyuda: 'Cada fila es un registro nuevo.',
  actualizar: (clave: string) => `Actualizar por ${clave}`,
  actualizarAyuda: (clave: string) =>
    `Las filas cuyo ${clave} ya existe actualizan ese registro (solo las columnas asignadas); las demás se crean.`,
  ensayar: 'Hacer el ensayo',
  ensayoAyuda: 'El ensayo hace la importación completa y la descarta: cuenta lo que pasaría sin guardar nada.',
  crear: 'A crear',
  actualizarN: 'A actualizar',
  sinCambios: 'Sin cambios',
  rechazadas: 'Rechazadas',
  creadas: 'Creadas',
  actualizadas: 'Actualizadas',
  filaErrores: (fila: number) => `Fila ${fila}`,
  rechazadasCsv: 'Descargar filas rechazadas (CSV)',
  hayRechazos: 'Hay filas rechazadas: puede importar solo las válidas y descargar las rechazadas para corregirlas.',
  rechazosOmitidos: 'Filas rechazadas, que no se importaron:',
  importarN: (n: number) => `Importar ${n === 1 ? '1 fila' : `${formatNumero(n)} filas`}`,
  importarValidas: (n: number) => `Importar ${n === 1 ? 'la fila válida' : `las ${formatNumero(n)} filas válidas`}`,
  omitidas: (n: number) =>
    n === 1 ? 'Una fila rechazada no se importó.' : `${formatNumero(n)} filas rechazadas no se importaron.`,
  importado: 'Importación hecha',
  importadoTexto: (creadas: number, actualizadas: number) =>
    `${formatNumero(creadas)} creadas, ${formatNumero(actualizadas)} actualizadas, en una sola operación.`,
  deshacer: 'Deshacer',
  deshacerHasta: (cuando: string) => `Se puede deshacer hasta el ${cuando}, si nadie modificó esas filas.`,
  deshecho: 'Importación deshecha',
  deshechoTexto: 'Se quitaron los registros creados y se restauraron los actualizados.',
  noImportado: 'No se importó nada',
  cerrar: 'Cerrar',
  anterior: 'Anterior',
  siguiente: 'Siguiente',
  error: 'No se pudo completar el paso',
} as const;
