/** The texts of an event's attachments (Monitor de errores → issue → event). */
export const adjuntosMessages = {
  titulo: 'Adjuntos',
  vacio: 'Este evento no tiene adjuntos.',
  error: 'No se pudieron leer los adjuntos',
  nombre: 'Nombre',
  tipo: 'Tipo',
  tamano: 'Tamaño',
  descargar: 'Descargar',
  descargarNombre: (nombre: string) => `Descargar ${nombre}`,
};
