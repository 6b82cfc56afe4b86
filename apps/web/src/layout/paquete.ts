/** The top bar shows the package name without its last 4 characters (its extension), as the specification fixes. */
export const paqueteNombreCorto = (nombre: string): string => nombre.slice(0, Math.max(0, nombre.length - 4));
