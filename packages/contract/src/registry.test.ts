import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTIFICACION_TIPOS } from './areas/alertas.ts';
import {
  ALERTA_TIPOS,
  AREAS,
  ALERTA_TIPOS_CLIENTE,
  ALERTA_TIPOS_EVENTO,
  ALERTA_TIPOS_PROYECTO,
  BUSQUEDA_NOMBRES,
  BUSQUEDA_TIPOS,
  isPermissionCode,
  LISTAS_VIVAS,
  PERMISSION_CODES,
  PERMISSIONS,
  VISTA_LISTAS,
} from './registry.ts';

/**
 * The catalogues as they were written out by hand before the registry built them from the areas'
 * declarations. Clients see these values and their order (the role editor, the palette, "Mis alertas", the API's
 * messages): a change here is a change for them.
 */
const HOY = {
  permisos: [
    [
      'CLIENTES#VER',
      {
        area: 'Clientes',
        descripcion: 'Ver clientes, sus servidores, instalaciones, vencimientos y actualizaciones',
        pantalla: { nombre: 'Clientes', ruta: '/clientes/lista' },
        ejemplo: '/api/empresas',
      },
    ],
    [
      'CLIENTES#EDITAR',
      {
        area: 'Clientes',
        descripcion: 'Crear, modificar y eliminar clientes y sus datos',
        pantalla: { nombre: 'Nuevo cliente', ruta: '/clientes/nuevo' },
      },
    ],
    [
      'CLIENTES#CERTIFICADOS',
      { area: 'Clientes', descripcion: 'Descargar la clave privada y el certificado AFIP de un cliente (.p12 o PEM)' },
    ],
    [
      'PHY-MAQ#TODO',
      {
        area: 'Máquinas',
        descripcion: 'Ver y administrar el inventario de máquinas y sus asignaciones',
        pantalla: { nombre: 'Máquinas', ruta: '/maquinas' },
        ejemplo: '/api/maquinas',
      },
    ],
    [
      'PHY-PER#TODO',
      {
        area: 'Personas',
        descripcion: 'Ver y administrar personas y contactos',
        pantalla: { nombre: 'Personas', ruta: '/personas' },
        ejemplo: '/api/personas',
      },
    ],
    [
      'USUARIOS#ADMIN',
      {
        area: 'Personas',
        descripcion: 'Administrar cuentas de usuario y roles',
        pantalla: { nombre: 'Roles', ruta: '/personas/roles' },
        ejemplo: '/api/roles',
      },
    ],
    [
      '>SERDNS#VER',
      {
        area: 'Servicio DNS',
        descripcion: 'Ver las entradas DNS y las direcciones',
        pantalla: { nombre: 'Servicio DNS', ruta: '/dns' },
        ejemplo: '/api/dns',
      },
    ],
    ['SERDNS#EDITAR', { area: 'Servicio DNS', descripcion: 'Crear, modificar y eliminar entradas DNS y direcciones' }],
    [
      'APPSSTORE#CONFIG',
      {
        area: 'AppsStore',
        descripcion: 'Ver y configurar la tienda de aplicaciones',
        pantalla: { nombre: 'AppsStore', ruta: '/appsstore' },
        ejemplo: '/api/appsstore/config',
      },
    ],
    [
      'PROD#VER',
      {
        area: 'Soluciones',
        descripcion: 'Ver productos y reportes',
        pantalla: { nombre: 'Productos', ruta: '/soluciones/productos' },
        ejemplo: '/api/productos',
      },
    ],
    [
      'PROD#EDITAR',
      {
        area: 'Soluciones',
        descripcion: 'Crear, modificar y eliminar productos',
        pantalla: { nombre: 'Nuevo producto', ruta: '/soluciones/productos/nuevo' },
      },
    ],
    [
      'APP#VER',
      {
        area: 'Soluciones',
        descripcion: 'Ver aplicaciones y sus versiones',
        pantalla: { nombre: 'Aplicaciones', ruta: '/soluciones/apk' },
        ejemplo: '/api/aplicaciones',
      },
    ],
    [
      'APP#EDITAR',
      {
        area: 'Soluciones',
        descripcion: 'Crear aplicaciones y publicar sus versiones',
        pantalla: { nombre: 'Nueva aplicación', ruta: '/soluciones/apk/nueva' },
      },
    ],
    [
      'SUBPROD#VER',
      {
        area: 'Soluciones',
        descripcion: 'Ver sitios web',
        pantalla: { nombre: 'Sitios Webs', ruta: '/soluciones/web' },
        ejemplo: '/api/sitios',
      },
    ],
    [
      'SUBPROD#EDITAR',
      {
        area: 'Soluciones',
        descripcion: 'Crear, modificar y eliminar sitios web',
        pantalla: { nombre: 'Nuevo sitio', ruta: '/soluciones/web/nuevo' },
      },
    ],
    [
      'SER#VER',
      {
        area: 'Técnica',
        descripcion: 'Ver servidores propios, desarrollos y el monitor de errores',
        pantalla: { nombre: 'Servidores propios', ruta: '/servidores' },
        ejemplo: '/api/servidores',
      },
    ],
    [
      'SER#EDITAR',
      {
        area: 'Técnica',
        descripcion: 'Crear, modificar y eliminar servidores propios',
        pantalla: { nombre: 'Nuevo servidor', ruta: '/servidores/nuevo' },
      },
    ],
    [
      'DESARROLLOS#EDITAR',
      {
        area: 'Técnica',
        descripcion: 'Crear y avanzar desarrollos',
        pantalla: { nombre: 'Nuevo desarrollo', ruta: '/desarrollos/nuevo' },
      },
    ],
    [
      'INSIGHTS#EDITAR',
      {
        area: 'Técnica',
        descripcion: 'Resolver, ignorar y asignar errores; administrar proyectos del monitor',
        pantalla: { nombre: 'Nuevo proyecto del monitor', ruta: '/insights/proyectos/nuevo' },
      },
    ],
    [
      'PACKS#VER',
      {
        area: 'Técnica',
        descripcion: 'Ver paquetes de instalación y versiones',
        pantalla: { nombre: 'Paquetes de instalación', ruta: '/instaladores' },
        ejemplo: '/api/paquetes',
      },
    ],
    ['PACKS#EDITAR', { area: 'Técnica', descripcion: 'Subir y eliminar paquetes de instalación' }],
    [
      'VERSIONES#EDITAR',
      {
        area: 'Técnica',
        descripcion: 'Crear, publicar y retirar versiones',
        pantalla: { nombre: 'Nueva versión', ruta: '/versiones/nueva' },
      },
    ],
    [
      'ALERTAS#ADMIN',
      {
        area: 'Alertas',
        descripcion: 'Ver y ejecutar las tareas programadas; administrar webhooks y las alertas de cada rol',
        pantalla: { nombre: 'Tareas programadas', ruta: '/alertas/tareas' },
        ejemplo: '/api/alertas/tareas',
      },
    ],
  ],
  busqueda: [
    ['clientes', 'Clientes', ['empresas']],
    ['servidores', 'Servidores', ['srv']],
    ['dns', 'DNS', ['hosts']],
    ['personas', 'Personas', ['gente', 'empleados']],
    ['maquinas', 'Máquinas', ['inventario', 'equipos']],
    ['productos', 'Productos', []],
    ['aplicaciones', 'Aplicaciones', ['apk', 'apps']],
    ['sitios', 'Sitios web', ['web']],
    ['versiones', 'Versiones', ['releases']],
    ['paquetes', 'Paquetes', ['instaladores']],
    ['desarrollos', 'Desarrollos', ['pedidos']],
    ['insights', 'Monitor de errores', ['errores', 'issues', 'monitor']],
  ],
  vistas: [
    ['clientes', 'CLIENTES#VER'],
    ['vencimientos-afip', 'CLIENTES#VER'],
    ['vencimientos-physis', 'CLIENTES#VER'],
    ['actualizaciones', 'CLIENTES#VER'],
    ['maquinas', 'PHY-MAQ#TODO'],
    ['personas', 'PHY-PER#TODO'],
    ['roles', 'USUARIOS#ADMIN'],
    ['servidores', 'SER#VER'],
    ['dns', '>SERDNS#VER'],
    ['productos', 'PROD#VER'],
    ['aplicaciones', 'APP#VER'],
    ['sitios', 'SUBPROD#VER'],
    ['sitios-vencimientos', 'SUBPROD#VER'],
    ['versiones', 'PACKS#VER'],
    ['paquetes', 'PACKS#VER'],
    ['desarrollos', 'SER#VER'],
    ['insights-issues', 'SER#VER'],
  ],
  vivas: [
    'servidores',
    'dns',
    'insights-issues',
    'desarrollos',
    'paquetes',
    'clientes',
    'maquinas',
    'personas',
    'productos',
    'aplicaciones',
    'sitios',
    'sitios-vencimientos',
    'versiones',
    'vencimientos-afip',
    'vencimientos-physis',
    'actualizaciones',
    'notificaciones',
  ],
  alertas: [
    ['certificado', 'Certificados AFIP'],
    ['punto_venta', 'Puntos de venta (CAI)'],
    ['licencia', 'Licencias Physis'],
    ['sitio', 'Sitios web: certificado SSL y dominio'],
    ['garantia', 'Garantías de máquinas'],
    ['monitor', 'Monitor de errores: errores nuevos, regresiones y picos'],
    ['sitio_falla', 'Sitios web que dejan de responder o cambian de certificado'],
    ['tarea', 'Tareas programadas que fallan'],
  ],
  alertasEvento: ['monitor', 'sitio_falla', 'tarea'],
  alertasCliente: ['certificado', 'punto_venta', 'licencia', 'sitio', 'sitio_falla'],
  alertasProyecto: ['monitor'],
};

describe('permission catalogue', () => {
  it('keeps the ten codes of the spec with their exact spelling', () => {
    for (const code of [
      'CLIENTES#VER',
      '>SERDNS#VER',
      'PHY-MAQ#TODO',
      'PHY-PER#TODO',
      'APPSSTORE#CONFIG',
      'PROD#VER',
      'SUBPROD#VER',
      'APP#VER',
      'SER#VER',
      'PACKS#VER',
    ]) {
      expect(PERMISSION_CODES).toContain(code);
    }
  });

  it('recognises only catalogued codes', () => {
    expect(isPermissionCode('SER#VER')).toBe(true);
    expect(isPermissionCode('SERDNS#VER')).toBe(false);
    expect(isPermissionCode('toString')).toBe(false);
  });
});

describe('the catalogues built from the areas', () => {
  it('keeps every permission code, its texts and its place', () => {
    expect(Object.entries(PERMISSIONS)).toStrictEqual(HOY.permisos);
    expect(PERMISSION_CODES).toStrictEqual(HOY.permisos.map(([code]) => code));
  });

  it("keeps the palette's kinds, their names and aliases, in the palette's order", () => {
    expect(
      BUSQUEDA_TIPOS.map((tipo) => [tipo, BUSQUEDA_NOMBRES[tipo].nombre, BUSQUEDA_NOMBRES[tipo].alias]),
    ).toStrictEqual(HOY.busqueda);
    expect(Object.keys(BUSQUEDA_NOMBRES)).toStrictEqual(HOY.busqueda.map(([tipo]) => tipo));
  });

  it('keeps the saved-view lists and the code each needs', () => {
    expect(Object.entries(VISTA_LISTAS)).toStrictEqual(HOY.vistas);
  });

  it('keeps the live lists', () => {
    expect(LISTAS_VIVAS).toStrictEqual(HOY.vivas);
  });

  it('keeps the alert kinds, their names and their groups', () => {
    expect(Object.entries(ALERTA_TIPOS)).toStrictEqual(HOY.alertas);
    expect(ALERTA_TIPOS_EVENTO).toStrictEqual(HOY.alertasEvento);
    expect(ALERTA_TIPOS_CLIENTE).toStrictEqual(HOY.alertasCliente);
    expect(ALERTA_TIPOS_PROYECTO).toStrictEqual(HOY.alertasProyecto);
    expect(Object.entries(NOTIFICACION_TIPOS)).toStrictEqual([...HOY.alertas, ['vencimientos', 'Vencimientos']]);
  });
});

const here = new URL('.', import.meta.url).pathname;
const carpetas = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** Each name of a list, with the area that declares it. */
const declarados = (nombres: (area: (typeof AREAS)[number]) => readonly string[]) =>
  AREAS.flatMap((area) => nombres(area).map((nombre) => `${area.nombre}: ${nombre}`));
/** The names declared by more than one area (or twice by one). */
const repetidos = (nombres: readonly string[]) => nombres.filter((nombre, i) => nombres.indexOf(nombre) !== i);

describe('the registry of areas', () => {
  it('lists each area once, named as its folder here and on the server', () => {
    const nombres = AREAS.map((area) => area.nombre);
    expect(repetidos(nombres)).toEqual([]);
    expect([...nombres].sort()).toEqual(carpetas(join(here, '../../../apps/server/src/areas')).sort());
    expect([...nombres].sort()).toEqual(carpetas(join(here, 'areas')).sort());
    for (const nombre of nombres) expect(existsSync(join(here, 'areas', `${nombre}.ts`)), nombre).toBe(true);
  });

  it('keeps each declaration plain data: it imports its type and nothing else', () => {
    for (const { nombre } of AREAS) {
      const imports = readFileSync(join(here, 'areas', nombre, 'area.ts'), 'utf8').match(/^import .*$/gm);
      expect(imports, nombre).toEqual(["import type { AreaContrato } from '@intranet/contract/shared/area';"]);
    }
  });

  it('has each permission code declared by one area, with its heading and description', () => {
    const codigos = AREAS.flatMap((area) => Object.keys(('permisos' in area && area.permisos) || {}));
    expect(repetidos(codigos)).toEqual([]);
    expect(PERMISSION_CODES).toHaveLength(codigos.length);
    for (const codigo of PERMISSION_CODES) {
      const { area, descripcion, pantalla, ejemplo } = PERMISSIONS[codigo];
      expect(area && descripcion, codigo).toBeTruthy();
      if (pantalla) expect(pantalla.nombre && pantalla.ruta.startsWith('/'), codigo).toBeTruthy();
      if (ejemplo) expect(ejemplo.startsWith('/api/'), codigo).toBe(true);
    }
  });

  it("gives each of the palette's kinds a name, and its aliases as lower-case words", () => {
    const tipos = AREAS.flatMap((area) => ('busqueda' in area ? area.busqueda.map((b) => b.tipo) : []));
    expect(repetidos(tipos)).toEqual([]);
    expect(BUSQUEDA_TIPOS).toHaveLength(tipos.length);
    for (const tipo of BUSQUEDA_TIPOS) {
      const { nombre, alias } = BUSQUEDA_NOMBRES[tipo];
      expect(nombre.trim(), tipo).not.toBe('');
      for (const palabra of alias) expect(palabra, tipo).toMatch(/^\p{Ll}+$/u);
    }
  });

  it('has each saved-view list declared once, each read by a code of the catalogue', () => {
    const listas = AREAS.flatMap((area) => Object.keys(('vistas' in area && area.vistas) || {}));
    expect(repetidos(listas)).toEqual([]);
    expect(Object.keys(VISTA_LISTAS)).toHaveLength(listas.length);
    const sinCodigo = declarados((area) =>
      Object.entries(('vistas' in area && area.vistas) || {}).flatMap(([lista, codigo]) =>
        isPermissionCode(codigo) ? [] : [`${lista} (${codigo})`],
      ),
    );
    expect(sinCodigo).toEqual([]);
  });

  it('has each live list and each alert kind declared once, each alert kind with a name', () => {
    const vivas = AREAS.flatMap((area) => ('vivas' in area ? area.vivas : []));
    expect(repetidos(vivas)).toEqual([]);
    expect(LISTAS_VIVAS).toHaveLength(vivas.length);
    const alertas = AREAS.flatMap((area) => Object.keys(('alertas' in area && area.alertas) || {}));
    expect(repetidos(alertas)).toEqual([]);
    expect(Object.keys(ALERTA_TIPOS)).toHaveLength(alertas.length);
    for (const [tipo, nombre] of Object.entries(ALERTA_TIPOS)) expect(nombre.trim(), tipo).not.toBe('');
  });
});
