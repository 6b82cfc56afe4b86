// The operator reads one sentence in Spanish, never a stack trace: what the system said, in its words.

const DEL_SISTEMA: Record<string, (ruta: string) => string> = {
  ENOENT: (ruta) => `${ruta} no existe`,
  EACCES: (ruta) => `no hay permiso para usar ${ruta}`,
  EPERM: (ruta) => `no hay permiso para usar ${ruta}`,
  EISDIR: (ruta) => `${ruta} es una carpeta, no un archivo`,
  ENOTDIR: (ruta) => `una parte de ${ruta} no es una carpeta`,
  ENOSPC: (ruta) => `no queda espacio en el disco de ${ruta}`,
  EROFS: (ruta) => `${ruta} está en un disco de solo lectura`,
  ECONNREFUSED: () => 'la base de datos rechazó la conexión (¿está en marcha? revise DATABASE_URL)',
  ENOTFOUND: () => 'no se encontró el servidor de la base de datos (revise DATABASE_URL)',
  ETIMEDOUT: () => 'la base de datos no respondió a tiempo',
};

/** The reason of an error as the operator should read it: a file or connection problem in Spanish, else its message. */
export function motivo(err: unknown): string {
  const e = err as { code?: unknown; path?: unknown; message?: unknown } | null;
  const explicar = typeof e?.code === 'string' ? DEL_SISTEMA[e.code] : undefined;
  if (explicar) return explicar(typeof e?.path === 'string' ? e.path : 'el archivo');
  return err instanceof Error ? err.message : String(err);
}
