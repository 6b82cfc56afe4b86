import type { Conflictos } from '../../db/conflicts.ts';

/** What this area's unique indexes and foreign keys mean to the user (db/conflicts.ts). */
export const conflictos: Conflictos = {
  unicos: {
    aplicaciones_package_name_uq: {
      campo: 'package_name',
      mensaje: 'Ya existe una aplicación con ese nombre de paquete',
    },
    aplicacion_versiones_code_uq: {
      campo: 'archivo',
      mensaje: 'La aplicación ya tiene una versión con ese versionCode',
    },
  },
  referencias: {
    aplicacion_versiones_aplicacion_id_aplicaciones_id_fk: {
      tabla: 'aplicacion_versiones',
      campo: 'aplicacion_id',
      falta: 'La aplicación no existe',
      enUso:
        'La aplicación tiene versiones subidas: no se elimina (sus firmas protegen las actualizaciones); despublíquela en su lugar',
    },
    aplicaciones_icono_id_archivos_id_fk: {
      tabla: 'aplicaciones',
      campo: 'icono_id',
      falta: 'El icono elegido no existe; súbalo de nuevo',
      enUso: 'El archivo es el icono de una aplicación',
    },
  },
};
