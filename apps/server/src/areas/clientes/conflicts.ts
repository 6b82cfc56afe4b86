import type { Conflictos } from '../../db/conflicts.ts';

/** What this area's unique indexes and foreign keys mean to the user (db/conflicts.ts). */
export const conflictos: Conflictos = {
  unicos: {
    empresas_cuit_uq: { campo: 'cuit', mensaje: 'Ya existe un cliente con ese CUIT' },
    servidores_cliente_nombre_uq: { campo: 'nombre', mensaje: 'El cliente ya tiene un servidor con ese nombre' },
    servidores_cliente_dns_host_uq: { campo: 'dnss', mensaje: 'El servidor ya tiene ese nombre DNS' },
    parametros_clave_uq: { campo: 'clave', mensaje: 'Ya existe esa clave en el grupo' },
    afip_certificados_huella_uq: { campo: 'archivo', mensaje: 'El cliente ya tiene ese certificado' },
    afip_puntos_venta_numero_uq: { campo: 'numero', mensaje: 'El cliente ya tiene ese punto de venta' },
  },
  referencias: {
    empresas_contacto_id_personas_id_fk: {
      tabla: 'empresas',
      campo: 'contacto_id',
      falta: 'El contacto elegido no existe',
      enUso: 'La persona es contacto de un cliente',
    },
    physis_licencias_producto_id_productos_id_fk: {
      tabla: 'physis_licencias',
      campo: 'producto_id',
      falta: 'El producto elegido no existe',
      enUso: 'El producto tiene licencias de clientes; elimínelas primero',
    },
    physis_licencias_contacto_id_personas_id_fk: {
      tabla: 'physis_licencias',
      campo: 'contacto_id',
      falta: 'El contacto elegido no existe',
      enUso: 'La persona es contacto de licencias',
    },
    actualizaciones_producto_id_productos_id_fk: {
      tabla: 'actualizaciones',
      campo: 'producto_id',
      falta: 'El producto elegido no existe',
      enUso: 'El producto tiene actualizaciones de clientes registradas',
    },
    actualizaciones_version_hasta_id_versiones_id_fk: {
      tabla: 'actualizaciones',
      campo: 'version_hasta_id',
      falta: 'La versión elegida no existe',
      enUso: 'La versión está instalada en clientes (tiene actualizaciones registradas)',
    },
    actualizaciones_version_desde_id_versiones_id_fk: {
      tabla: 'actualizaciones',
      campo: 'version_desde_id',
      falta: 'La versión de origen no existe',
      enUso: 'La versión figura como origen de actualizaciones de clientes',
    },
  },
};
