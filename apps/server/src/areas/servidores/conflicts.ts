import type { Conflictos } from '../../db/conflicts.ts';

/** What this area's unique indexes and foreign keys mean to the user (db/conflicts.ts). */
export const conflictos: Conflictos = {
  unicos: {
    servidores_nombre_uq: { campo: 'nombre', mensaje: 'Ya existe un servidor con ese nombre' },
    dns_host_uq: { campo: 'host', mensaje: 'Ya existe una entrada DNS con ese host' },
  },
  referencias: {
    dns_servidor_id_servidores_id_fk: {
      tabla: 'dns',
      campo: 'servidor_id',
      falta: 'El servidor elegido no existe',
      enUso: 'El servidor tiene entradas DNS; elimínelas primero o elimine en cascada',
    },
    direcciones_dns_id_dns_id_fk: {
      tabla: 'direcciones',
      campo: 'dns',
      falta: 'La entrada DNS elegida no existe',
      enUso: 'La entrada DNS tiene direcciones',
    },
  },
};
