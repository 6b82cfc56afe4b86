import { describe, expect, it } from 'vitest';
import { PERMISSION_CODES } from '@intranet/contract/registry';
import { grantedCodes } from '../core/permisos/usePermiso.ts';
import { filterMenu, groupMenu } from './filterMenu.ts';
import { MENU, menuCodes } from './menu.ts';
import { isHeading, isParent, type MenuEntry } from '../core/menu.ts';

/** The menu as text, one line per entry: headings in capitals, submenu entries indented. */
function outline(entries: MenuEntry[]): string[] {
  return entries.flatMap((entry) => {
    if (isHeading(entry)) return [`# ${entry.text}`];
    if (isParent(entry)) return [entry.text, ...entry.submenu.map((child) => `  ${child.text}`)];
    return [entry.text];
  });
}

const Icon = () => null;

describe('filterMenu with the demo users', () => {
  it('shows admin every heading, item and submenu entry', () => {
    expect(outline(filterMenu(MENU, new Set(PERMISSION_CODES)))).toEqual([
      '# PHYSIS',
      'Clientes',
      'Reportes',
      '  Instalaciones',
      '  Vencimientos Afip',
      '  Vencimientos Physis',
      '  Actualizaciones',
      'Maquinas',
      'Personas',
      '# SERVICIOS',
      'Servicio DNS',
      'AppsStore',
      '# SOLUCIONES',
      'Productos',
      'Aplicaciones',
      'Sitios Webs',
      'Reportes',
      '# TECNICA',
      'Versiones',
      'Desarrollos',
      'Servidores propios',
      'Paquetes de instalación',
      'Monitor de errores',
    ]);
  });

  it('shows tecnico the DNS service and the technical area only', () => {
    const tecnico = new Set(['SER#VER', 'SER#EDITAR', '>SERDNS#VER', 'SERDNS#EDITAR', 'PACKS#VER']);
    expect(outline(filterMenu(MENU, tecnico))).toEqual([
      '# SERVICIOS',
      'Servicio DNS',
      '# TECNICA',
      'Versiones',
      'Desarrollos',
      'Servidores propios',
      'Paquetes de instalación',
      'Monitor de errores',
    ]);
  });

  it('shows comercial the clients with their reports, and products', () => {
    const comercial = new Set(['CLIENTES#VER', 'PROD#VER']);
    expect(outline(filterMenu(MENU, comercial))).toEqual([
      '# PHYSIS',
      'Clientes',
      'Reportes',
      '  Instalaciones',
      '  Vencimientos Afip',
      '  Vencimientos Physis',
      '  Actualizaciones',
      '# SOLUCIONES',
      'Productos',
      'Reportes',
    ]);
  });

  it('shows nothing at all without codes', () => {
    expect(filterMenu(MENU, new Set())).toEqual([]);
  });
});

describe('filterMenu rules', () => {
  const menu: MenuEntry[] = [
    { heading: true, text: 'A' },
    { heading: true, text: 'B' },
    { text: 'uno', icon: Icon, link: '/uno', accion: 'SER#VER' },
    {
      text: 'padre',
      icon: Icon,
      submenu: [
        { text: 'hijo 1', icon: Icon, link: '/h1', accion: 'PROD#VER' },
        { text: 'hijo 2', icon: Icon, link: '/h2', accion: 'APP#VER' },
      ],
    },
    { heading: true, text: 'C' },
    { text: 'dos', icon: Icon, link: '/dos', accion: 'PACKS#VER' },
    { heading: true, text: 'D' },
  ];

  it('drops a heading that is followed by another heading or by nothing', () => {
    const all = new Set(['SER#VER', 'PROD#VER', 'APP#VER', 'PACKS#VER']);
    expect(outline(filterMenu(menu, all))).toEqual(['# B', 'uno', 'padre', '  hijo 1', '  hijo 2', '# C', 'dos']);
  });

  it('filters submenus alike and keeps the parent with its allowed children only', () => {
    expect(outline(filterMenu(menu, new Set(['APP#VER'])))).toEqual(['# B', 'padre', '  hijo 2']);
  });

  it('removes a parent with no allowed child, and its heading with it', () => {
    expect(outline(filterMenu(menu, new Set(['PACKS#VER'])))).toEqual(['# C', 'dos']);
  });

  it('does not change the menu it is given', () => {
    const before = JSON.stringify(menu);
    filterMenu(menu, new Set(['APP#VER']));
    expect(JSON.stringify(menu)).toBe(before);
  });
});

describe('menu codes', () => {
  it('asks for the ten codes of the spec, once each', () => {
    expect(menuCodes(MENU).sort()).toEqual(
      [
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
      ].sort(),
    );
  });

  it('reads the granted codes of a permisos answer', () => {
    expect([...grantedCodes({ 'SER#VER': true, 'PROD#VER': false })]).toEqual(['SER#VER']);
  });
});

describe('groupMenu', () => {
  it('splits the filtered menu at its headings', () => {
    const groups = groupMenu(filterMenu(MENU, new Set(['CLIENTES#VER', 'PROD#VER'])));
    expect(groups.map((group) => [group.heading, group.items.map((item) => item.text)])).toEqual([
      ['PHYSIS', ['Clientes', 'Reportes']],
      ['SOLUCIONES', ['Productos', 'Reportes']],
    ]);
  });
});
