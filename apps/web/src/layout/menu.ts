import {
  IconApps, IconBrandAndroid, IconBuildingStore, IconBug, IconChartBar, IconCode, IconDeviceDesktop,
  IconPackage, IconPackages, IconReportAnalytics, IconServer, IconTags, IconUsers, IconUsersGroup, IconWorld,
  IconWorldWww,
} from '@tabler/icons-react';
import type { PermissionCode } from '@intranet/contract/permissions';
import { isHeading, isParent, type MenuEntry } from './menuTypes.ts';

/**
 * The portal's menu, in the spec's order (§2) under DESIGN §4's headings, each item with its permission
 * code. Codes the spec leaves "not shown" follow DESIGN §4.
 */
export const MENU: MenuEntry[] = [
  { heading: true, text: 'PHYSIS' },
  { text: 'Clientes', icon: IconUsersGroup, link: '/clientes/lista', accion: 'CLIENTES#VER' },
  {
    text: 'Reportes',
    icon: IconReportAnalytics,
    submenu: [
      { text: 'Instalaciones', icon: IconApps, link: '/clientes/parametros', accion: 'CLIENTES#VER' },
      { text: 'Vencimientos Afip', icon: IconReportAnalytics, link: '/clientes/vencimientosafip/lista', accion: 'CLIENTES#VER' },
      { text: 'Vencimientos Physis', icon: IconReportAnalytics, link: '/clientes/vencimientosphysis/lista', accion: 'CLIENTES#VER' },
      { text: 'Actualizaciones', icon: IconReportAnalytics, link: '/clientes/actualizaciones/lista', accion: 'CLIENTES#VER' },
    ],
  },
  { text: 'Maquinas', icon: IconDeviceDesktop, link: '/maquinas', accion: 'PHY-MAQ#TODO' },
  { text: 'Personas', icon: IconUsers, link: '/personas', accion: 'PHY-PER#TODO' },
  { heading: true, text: 'SERVICIOS' },
  { text: 'Servicio DNS', icon: IconWorld, link: '/dns', accion: '>SERDNS#VER' },
  { text: 'AppsStore', icon: IconBuildingStore, link: '/appsstore', accion: 'APPSSTORE#CONFIG' },
  { heading: true, text: 'SOLUCIONES' },
  { text: 'Productos', icon: IconPackage, link: '/soluciones/productos', accion: 'PROD#VER' },
  { text: 'Aplicaciones', icon: IconBrandAndroid, link: '/soluciones/apk', accion: 'APP#VER' },
  { text: 'Sitios Webs', icon: IconWorldWww, link: '/soluciones/web', accion: 'SUBPROD#VER' },
  { text: 'Reportes', icon: IconChartBar, link: '/soluciones/reporte', accion: 'PROD#VER' },
  { heading: true, text: 'TECNICA' },
  { text: 'Versiones', icon: IconTags, link: '/versiones', accion: 'PACKS#VER' },
  { text: 'Desarrollos', icon: IconCode, link: '/desarrollos', accion: 'SER#VER' },
  { text: 'Servidores propios', icon: IconServer, link: '/servidores', accion: 'SER#VER' },
  { text: 'Paquetes de instalación', icon: IconPackages, link: '/instaladores', accion: 'PACKS#VER' },
  { text: 'Monitor de errores', icon: IconBug, link: '/insights', accion: 'SER#VER' },
];

/** Every code the menu needs, once each: the body of the single `permisos` call. */
export function menuCodes(entries: MenuEntry[]): PermissionCode[] {
  const codes = new Set<PermissionCode>();
  for (const entry of entries) {
    if (isHeading(entry)) continue;
    if (isParent(entry)) entry.submenu.forEach((child) => codes.add(child.accion));
    else codes.add(entry.accion);
  }
  return [...codes];
}
