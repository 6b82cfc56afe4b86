import type { FieldErrors } from '@intranet/contract/envelope';

/**
 * What the database's own rules mean to the user: each unique index and foreign key of schema.ts, by name,
 * with the form field it belongs to and the Spanish message. The error handler maps every violation through
 * here, so a route never has to check before it writes (and a race still answers 409, not 500).
 */
const UNICOS: Record<string, { campo: string; mensaje: string }> = {
  versiones_producto_numero_uq: { campo: 'numero', mensaje: 'El producto ya tiene esa versión' },
  version_assets_nombre_uq: { campo: 'nombre', mensaje: 'La versión ya tiene un archivo con ese nombre' },
  servidores_nombre_uq: { campo: 'nombre', mensaje: 'Ya existe un servidor con ese nombre' },
  dns_host_uq: { campo: 'host', mensaje: 'Ya existe una entrada DNS con ese host' },
  personas_legajo_uq: { campo: 'legajo', mensaje: 'Ya existe una persona con ese legajo' },
  usuarios_usuario_uq: { campo: 'usuario', mensaje: 'Ya existe una cuenta con ese usuario' },
  usuarios_email_uq: { campo: 'usuario', mensaje: 'Otra cuenta ya usa el email de esta persona' },
  usuarios_persona_uq: { campo: 'persona_id', mensaje: 'La persona ya tiene una cuenta de usuario' },
  roles_nombre_unique: { campo: 'nombre', mensaje: 'Ya existe un rol con ese nombre' },
  maquinas_nombre_uq: { campo: 'nombre', mensaje: 'Ya existe una máquina con ese nombre' },
  maquinas_inventario_uq: { campo: 'nro_inventario', mensaje: 'Ya existe una máquina con ese número de inventario' },
  maquina_asignaciones_abierta_uq: { campo: 'persona_id', mensaje: 'La máquina ya está asignada; devuélvala primero' },
  productos_codigo_uq: { campo: 'codigo', mensaje: 'Ya existe un producto con ese código' },
  empresas_cuit_uq: { campo: 'cuit', mensaje: 'Ya existe un cliente con ese CUIT' },
  servidores_cliente_nombre_uq: { campo: 'nombre', mensaje: 'El cliente ya tiene un servidor con ese nombre' },
  servidores_cliente_dns_host_uq: { campo: 'dnss', mensaje: 'El servidor ya tiene ese nombre DNS' },
  parametros_clave_uq: { campo: 'clave', mensaje: 'Ya existe esa clave en el grupo' },
  insights_proyectos_slug_uq: { campo: 'slug', mensaje: 'Ya existe un proyecto con ese slug' },
  afip_certificados_huella_uq: { campo: 'archivo', mensaje: 'El cliente ya tiene ese certificado' },
  afip_puntos_venta_numero_uq: { campo: 'numero', mensaje: 'El cliente ya tiene ese punto de venta' },
  sitios_url_uq: { campo: 'url', mensaje: 'Ya existe un sitio con esa URL' },
  aplicaciones_package_name_uq: { campo: 'package_name', mensaje: 'Ya existe una aplicación con ese nombre de paquete' },
  aplicacion_versiones_code_uq: { campo: 'archivo', mensaje: 'La aplicación ya tiene una versión con ese versionCode' },
};

/** `tabla` is the referencing table: a violation there means the referenced record is missing. */
const REFERENCIAS: Record<string, { tabla: string; campo: string; falta: string; enUso: string }> = {
  personas_empresa_id_empresas_id_fk: {
    tabla: 'personas',
    campo: 'empresa_id',
    falta: 'La empresa elegida no existe',
    enUso: 'El cliente tiene contactos (personas); quíteles la empresa o elimínelos primero',
  },
  empresas_contacto_id_personas_id_fk: {
    tabla: 'empresas',
    campo: 'contacto_id',
    falta: 'El contacto elegido no existe',
    enUso: 'La persona es contacto de un cliente',
  },
  versiones_producto_id_productos_id_fk: {
    tabla: 'versiones',
    campo: 'producto_id',
    falta: 'El producto elegido no existe',
    enUso: 'El producto tiene versiones; retírelas o elimínelas primero',
  },
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
  personas_responsable_id_personas_id_fk: {
    tabla: 'personas',
    campo: 'responsable_id',
    falta: 'El responsable elegido no existe',
    enUso: 'La persona es responsable de otras personas',
  },
  usuarios_persona_id_personas_id_fk: {
    tabla: 'usuarios',
    campo: 'persona_id',
    falta: 'La persona no existe',
    enUso: 'La persona tiene una cuenta de usuario; se desactiva en lugar de eliminarse',
  },
  usuario_roles_rol_id_roles_id_fk: {
    tabla: 'usuario_roles',
    campo: 'roles',
    falta: 'Algún rol elegido no existe',
    enUso: 'El rol está asignado a cuentas',
  },
  maquina_asignaciones_persona_id_personas_id_fk: {
    tabla: 'maquina_asignaciones',
    campo: 'persona_id',
    falta: 'La persona elegida no existe',
    enUso: 'La persona figura en asignaciones de máquinas; se desactiva en lugar de eliminarse',
  },
  maquina_asignaciones_maquina_id_maquinas_id_fk: {
    tabla: 'maquina_asignaciones',
    campo: 'maquina_id',
    falta: 'La máquina no existe',
    enUso: 'La máquina tiene historial de asignaciones',
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
  desarrollos_empresa_id_empresas_id_fk: {
    tabla: 'desarrollos',
    campo: 'empresa_id',
    falta: 'El cliente elegido no existe',
    enUso: 'El cliente tiene desarrollos; quíteselos o elimínelos primero',
  },
  desarrollos_producto_id_productos_id_fk: {
    tabla: 'desarrollos',
    campo: 'producto_id',
    falta: 'El producto elegido no existe',
    enUso: 'El producto tiene desarrollos',
  },
  desarrollos_responsable_id_personas_id_fk: {
    tabla: 'desarrollos',
    campo: 'responsable_id',
    falta: 'El responsable elegido no existe',
    enUso: 'La persona es responsable de desarrollos; reasígnelos primero',
  },
  desarrollos_version_id_versiones_id_fk: {
    tabla: 'desarrollos',
    campo: 'version_id',
    falta: 'La versión elegida no existe',
    enUso: 'La versión está asignada a desarrollos',
  },
  aplicacion_versiones_aplicacion_id_aplicaciones_id_fk: {
    tabla: 'aplicacion_versiones',
    campo: 'aplicacion_id',
    falta: 'La aplicación no existe',
    enUso: 'La aplicación tiene versiones subidas: no se elimina (sus firmas protegen las actualizaciones); despublíquela en su lugar',
  },
  aplicaciones_icono_id_archivos_id_fk: {
    tabla: 'aplicaciones',
    campo: 'icono_id',
    falta: 'El icono elegido no existe; súbalo de nuevo',
    enUso: 'El archivo es el icono de una aplicación',
  },
};

export interface Conflicto {
  status: 400 | 409;
  mensaje: string;
  campos?: FieldErrors;
}

interface PgError {
  code: string;
  message?: string;
  constraint?: string;
  table?: string;
}

/** The driver's error under drizzle's wrapper ("Failed query: ..."), if it is one PostgreSQL raised. */
function pgErrorOf(err: unknown): PgError | undefined {
  let e = err;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique, foreign-key or check violation as the answer the user sees; undefined for anything else. */
export function conflictOf(err: unknown): Conflicto | undefined {
  const pg = pgErrorOf(err);
  if (!pg) return undefined;
  if (pg.code === '23505') {
    const rule = pg.constraint ? UNICOS[pg.constraint] : undefined;
    if (!rule) return { status: 409, mensaje: 'Ya existe un registro con esos datos' };
    return { status: 409, mensaje: rule.mensaje, campos: { [rule.campo]: [rule.mensaje] } };
  }
  // 23001: a RESTRICT foreign key refusing a delete (newer PostgreSQL); 23503 otherwise.
  if (pg.code === '23503' || pg.code === '23001') {
    const rule = pg.constraint ? REFERENCIAS[pg.constraint] : undefined;
    if (!rule) return { status: 409, mensaje: 'El registro está relacionado con otros datos' };
    // PostgreSQL names the referencing table in both directions, so the table alone cannot tell a missing
    // reference from a refused delete: 23001 (RESTRICT, newer servers) and "update or delete on table …"
    // (23503, older servers) are refused deletes of the referenced row.
    const borrado = pg.code === '23001' || /^update or delete on table/.test(pg.message ?? '');
    if (!borrado && pg.table === rule.tabla) return { status: 409, mensaje: rule.falta, campos: { [rule.campo]: [rule.falta] } };
    return { status: 409, mensaje: rule.enUso };
  }
  if (pg.code === '23514' || pg.code === '23502') return { status: 400, mensaje: 'Datos inválidos' };
  // Class 22 is a value the column cannot take (a number out of range, a malformed date): the contract
  // should have refused it, and when it did not, it is still the caller's input, not a server failure.
  if (pg.code.startsWith('22')) return { status: 400, mensaje: 'Datos inválidos' };
  // A value too large for an index entry (a huge text in an indexed column).
  if (pg.code === '54000') return { status: 400, mensaje: 'Un valor es demasiado largo' };
  return undefined;
}
