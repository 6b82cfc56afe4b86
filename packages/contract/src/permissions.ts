/**
 * The catalogue of permission codes. The ten codes the specification fixes keep their exact spelling
 * (including `>SERDNS#VER`); each area also gets a write code, so that writing is granted apart from reading.
 */
export interface Permiso {
  area: string;
  descripcion: string;
  /** The screen the code opens, for whoever chooses codes (a token's, a role's); none for a code that only adds actions. */
  pantalla?: { nombre: string; ruta: string };
  /** A GET of the API the code alone lets through: the example a new token's dialog shows (tested route by route). */
  ejemplo?: `/api/${string}`;
}

export const PERMISSIONS = {
  'CLIENTES#VER': {
    area: 'Clientes',
    descripcion: 'Ver clientes, sus servidores, instalaciones, vencimientos y actualizaciones',
    pantalla: { nombre: 'Clientes', ruta: '/clientes/lista' },
    ejemplo: '/api/empresas',
  },
  'CLIENTES#EDITAR': {
    area: 'Clientes',
    descripcion: 'Crear, modificar y eliminar clientes y sus datos',
    pantalla: { nombre: 'Nuevo cliente', ruta: '/clientes/nuevo' },
  },
  'CLIENTES#CERTIFICADOS': {
    area: 'Clientes',
    descripcion: 'Descargar la clave privada y el certificado AFIP de un cliente (.p12 o PEM)',
  },
  'PHY-MAQ#TODO': {
    area: 'Máquinas',
    descripcion: 'Ver y administrar el inventario de máquinas y sus asignaciones',
    pantalla: { nombre: 'Máquinas', ruta: '/maquinas' },
    ejemplo: '/api/maquinas',
  },
  'PHY-PER#TODO': {
    area: 'Personas',
    descripcion: 'Ver y administrar personas y contactos',
    pantalla: { nombre: 'Personas', ruta: '/personas' },
    ejemplo: '/api/personas',
  },
  'USUARIOS#ADMIN': {
    area: 'Personas',
    descripcion: 'Administrar cuentas de usuario y roles',
    pantalla: { nombre: 'Roles', ruta: '/personas/roles' },
    ejemplo: '/api/roles',
  },
  '>SERDNS#VER': {
    area: 'Servicio DNS',
    descripcion: 'Ver las entradas DNS y las direcciones',
    pantalla: { nombre: 'Servicio DNS', ruta: '/dns' },
    ejemplo: '/api/dns',
  },
  'SERDNS#EDITAR': { area: 'Servicio DNS', descripcion: 'Crear, modificar y eliminar entradas DNS y direcciones' },
  'APPSSTORE#CONFIG': {
    area: 'AppsStore',
    descripcion: 'Ver y configurar la tienda de aplicaciones',
    pantalla: { nombre: 'AppsStore', ruta: '/appsstore' },
    ejemplo: '/api/appsstore/config',
  },
  'PROD#VER': {
    area: 'Soluciones',
    descripcion: 'Ver productos y reportes',
    pantalla: { nombre: 'Productos', ruta: '/soluciones/productos' },
    ejemplo: '/api/productos',
  },
  'PROD#EDITAR': {
    area: 'Soluciones',
    descripcion: 'Crear, modificar y eliminar productos',
    pantalla: { nombre: 'Nuevo producto', ruta: '/soluciones/productos/nuevo' },
  },
  'APP#VER': {
    area: 'Soluciones',
    descripcion: 'Ver aplicaciones y sus versiones',
    pantalla: { nombre: 'Aplicaciones', ruta: '/soluciones/apk' },
    ejemplo: '/api/aplicaciones',
  },
  'APP#EDITAR': {
    area: 'Soluciones',
    descripcion: 'Crear aplicaciones y publicar sus versiones',
    pantalla: { nombre: 'Nueva aplicación', ruta: '/soluciones/apk/nueva' },
  },
  'SUBPROD#VER': {
    area: 'Soluciones',
    descripcion: 'Ver sitios web',
    pantalla: { nombre: 'Sitios Webs', ruta: '/soluciones/web' },
    ejemplo: '/api/sitios',
  },
  'SUBPROD#EDITAR': {
    area: 'Soluciones',
    descripcion: 'Crear, modificar y eliminar sitios web',
    pantalla: { nombre: 'Nuevo sitio', ruta: '/soluciones/web/nuevo' },
  },
  'SER#VER': {
    area: 'Técnica',
    descripcion: 'Ver servidores propios, desarrollos y el monitor de errores',
    pantalla: { nombre: 'Servidores propios', ruta: '/servidores' },
    ejemplo: '/api/servidores',
  },
  'SER#EDITAR': {
    area: 'Técnica',
    descripcion: 'Crear, modificar y eliminar servidores propios',
    pantalla: { nombre: 'Nuevo servidor', ruta: '/servidores/nuevo' },
  },
  'DESARROLLOS#EDITAR': {
    area: 'Técnica',
    descripcion: 'Crear y avanzar desarrollos',
    pantalla: { nombre: 'Nuevo desarrollo', ruta: '/desarrollos/nuevo' },
  },
  'INSIGHTS#EDITAR': {
    area: 'Técnica',
    descripcion: 'Resolver, ignorar y asignar errores; administrar proyectos del monitor',
    pantalla: { nombre: 'Nuevo proyecto del monitor', ruta: '/insights/proyectos/nuevo' },
  },
  'PACKS#VER': {
    area: 'Técnica',
    descripcion: 'Ver paquetes de instalación y versiones',
    pantalla: { nombre: 'Paquetes de instalación', ruta: '/instaladores' },
    ejemplo: '/api/paquetes',
  },
  'PACKS#EDITAR': { area: 'Técnica', descripcion: 'Subir y eliminar paquetes de instalación' },
  'VERSIONES#EDITAR': {
    area: 'Técnica',
    descripcion: 'Crear, publicar y retirar versiones',
    pantalla: { nombre: 'Nueva versión', ruta: '/versiones/nueva' },
  },
  'ALERTAS#ADMIN': {
    area: 'Alertas',
    descripcion: 'Ver y ejecutar las tareas programadas; administrar webhooks y las alertas de cada rol',
    pantalla: { nombre: 'Tareas programadas', ruta: '/alertas/tareas' },
    ejemplo: '/api/alertas/tareas',
  },
} as const satisfies Record<string, Permiso>;

export type PermissionCode = keyof typeof PERMISSIONS;
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as PermissionCode[];

/** A code's entry, its optional parts readable whatever the code. */
export const permiso = (code: PermissionCode): Permiso => PERMISSIONS[code];

export const isPermissionCode = (code: string): code is PermissionCode => Object.hasOwn(PERMISSIONS, code);
