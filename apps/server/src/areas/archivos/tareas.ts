import type { TareaDef } from '../../area.ts';
import { barrerArchivos, resumenBarrido } from '../../storage/barrido.ts';

/** Every night, the file-store sweep (`npm run archivos:limpiar` on a schedule). */
export const barrido: TareaDef = {
  nombre: 'archivos-barrido',
  titulo: 'Limpiar archivos sin uso',
  descripcion:
    'Borra del almacén los archivos que ningún paquete, versión o aplicación usa y las subidas incompletas, si llevan más de un día sin tocarse.',
  cron: () => '30 4 * * *',
  programacion: () => 'Todas las noches a las 04:30',
  limiteSegundos: 60 * 60,
  ejecutar: async ({ db, config }) => resumenBarrido(await barrerArchivos({ db, filesDir: config.filesDir })).join(' '),
};
