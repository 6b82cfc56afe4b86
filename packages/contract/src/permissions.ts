/**
 * The catalogue of permission codes. The ten codes of spec §6 keep their exact spelling (including
 * `>SERDNS#VER`); each area also gets a write code (DESIGN §4).
 */
export const PERMISSIONS = {
  'CLIENTES#VER': { area: 'Clientes', descripcion: 'Ver clientes, sus servidores, instalaciones, vencimientos y actualizaciones' },
  'CLIENTES#EDITAR': { area: 'Clientes', descripcion: 'Crear, modificar y eliminar clientes y sus datos' },
  'CLIENTES#CERTIFICADOS': { area: 'Clientes', descripcion: 'Descargar la clave privada y el certificado AFIP de un cliente (.p12 o PEM)' },
  'PHY-MAQ#TODO': { area: 'Máquinas', descripcion: 'Ver y administrar el inventario de máquinas y sus asignaciones' },
  'PHY-PER#TODO': { area: 'Personas', descripcion: 'Ver y administrar personas y contactos' },
  'USUARIOS#ADMIN': { area: 'Personas', descripcion: 'Administrar cuentas de usuario y roles' },
  '>SERDNS#VER': { area: 'Servicio DNS', descripcion: 'Ver las entradas DNS y las direcciones' },
  'SERDNS#EDITAR': { area: 'Servicio DNS', descripcion: 'Crear, modificar y eliminar entradas DNS y direcciones' },
  'APPSSTORE#CONFIG': { area: 'AppsStore', descripcion: 'Ver y configurar la tienda de aplicaciones' },
  'PROD#VER': { area: 'Soluciones', descripcion: 'Ver productos y reportes' },
  'PROD#EDITAR': { area: 'Soluciones', descripcion: 'Crear, modificar y eliminar productos' },
  'APP#VER': { area: 'Soluciones', descripcion: 'Ver aplicaciones y sus versiones' },
  'APP#EDITAR': { area: 'Soluciones', descripcion: 'Crear aplicaciones y publicar sus versiones' },
  'SUBPROD#VER': { area: 'Soluciones', descripcion: 'Ver sitios web' },
  'SUBPROD#EDITAR': { area: 'Soluciones', descripcion: 'Crear, modificar y eliminar sitios web' },
  'SER#VER': { area: 'Técnica', descripcion: 'Ver servidores propios, desarrollos y el monitor de errores' },
  'SER#EDITAR': { area: 'Técnica', descripcion: 'Crear, modificar y eliminar servidores propios' },
  'DESARROLLOS#EDITAR': { area: 'Técnica', descripcion: 'Crear y avanzar desarrollos' },
  'INSIGHTS#EDITAR': { area: 'Técnica', descripcion: 'Resolver, ignorar y asignar errores; administrar proyectos del monitor' },
  'PACKS#VER': { area: 'Técnica', descripcion: 'Ver paquetes de instalación y versiones' },
  'PACKS#EDITAR': { area: 'Técnica', descripcion: 'Subir y eliminar paquetes de instalación' },
  'VERSIONES#EDITAR': { area: 'Técnica', descripcion: 'Crear, publicar y retirar versiones' },
  'ALERTAS#ADMIN': { area: 'Alertas', descripcion: 'Ver y ejecutar las tareas programadas; administrar webhooks y las alertas de cada rol' },
} as const satisfies Record<string, { area: string; descripcion: string }>;

export type PermissionCode = keyof typeof PERMISSIONS;
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as PermissionCode[];

export const isPermissionCode = (code: string): code is PermissionCode => Object.hasOwn(PERMISSIONS, code);
