/** The aplicaciones area's Spanish answers (the APK's own reasons are in apk/errors.ts). */
export const MENSAJES = {
  noExiste: 'La aplicación no existe',
  versionNoExiste: 'La versión no existe',
  paqueteFijo: 'El nombre de paquete no se puede cambiar: la aplicación ya tiene versiones con ese paquete',
  iconoNoExiste: 'El icono elegido no existe; súbalo de nuevo',
  iconoNoImagen: 'El icono debe ser una imagen PNG, JPEG o WebP',
  conVersiones: (n: number) =>
    `La aplicación tiene ${n === 1 ? 'una versión subida' : `${n} versiones subidas`}: no se elimina (sus firmas protegen las actualizaciones); despublíquela en su lugar`,
  yaEstable: 'La versión ya está en el canal estable',
  yaPublicada: 'La versión ya está publicada',
  yaDespublicada: 'La versión ya está despublicada',
} as const;
