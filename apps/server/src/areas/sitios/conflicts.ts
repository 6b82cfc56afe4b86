import type { Conflictos } from '../../db/conflicts.ts';

/** What this area's unique indexes and foreign keys mean to the user (db/conflicts.ts). */
export const conflictos: Conflictos = {
  unicos: {
    sitios_url_uq: { campo: 'url', mensaje: 'Ya existe un sitio con esa URL' },
  },
  referencias: {
    sitios_empresa_id_empresas_id_fk: {
      tabla: 'sitios',
      campo: 'empresa_id',
      falta: 'El cliente elegido no existe',
      enUso: 'El cliente tiene sitios web; quíteselos o elimínelos primero',
    },
    sitios_servidor_id_servidores_id_fk: {
      tabla: 'sitios',
      campo: 'servidor_id',
      falta: 'El servidor elegido no existe',
      enUso: 'El servidor aloja sitios web; cámbielos de servidor primero',
    },
    sitios_dns_id_dns_id_fk: {
      tabla: 'sitios',
      campo: 'dns_id',
      falta: 'La entrada DNS elegida no existe',
      enUso: 'La entrada DNS está asignada a sitios web',
    },
  },
};
