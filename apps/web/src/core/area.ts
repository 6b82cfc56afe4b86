import type { PermissionCode } from '@intranet/contract/registry';
import type { ComponentType } from 'react';
import type { MenuItem } from './menu.ts';

/**
 * What an area brings to the shell, declared once in its folder's index.ts and listed in areas/index.ts (the
 * registry, which also orders the menu): the router mounts its routes, the menu shows its entries and the command
 * palette offers its entries. Nothing else in the shell names an area.
 */
export interface AreaDescriptor {
  /** The area's one name: its folder here, on the server (apps/server/src/areas) and in the contract. */
  name: string;
  /** Where the area's screens mount (the specification's URLs, without the leading slash), each its own lazy chunk. */
  routes: AreaRouteMount[];
  /** The menu entries the area contributes, each under its heading; the registry's MENU_ORDEN places them. */
  menu: AreaMenuEntry[];
  /** What the command palette offers for the area: its screens and its "new …" actions. */
  palette: PaletteEntry[];
  /** Its panels on the home, each its own lazy chunk and its own request. */
  home?: AreaHomePanel[];
}

export interface AreaHomePanel {
  /** Shown only to users granted this code. */
  accion: PermissionCode;
  /** Place on the home (1 = first); the registry sorts on it. */
  position: number;
  lazy: () => Promise<{ Component: ComponentType }>;
}

export interface AreaRouteMount {
  /** e.g. 'clientes/*', 'soluciones/apk/*'. */
  path: string;
  /** The screens, loaded on first visit. */
  lazy: () => Promise<{ Component: ComponentType }>;
}

/** The menu's headings, in the specification's order. */
export const MENU_SECTIONS = ['PHYSIS', 'SERVICIOS', 'SOLUCIONES', 'TECNICA'] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

export interface AreaMenuEntry {
  section: MenuSection;
  item: MenuItem;
}

export interface PaletteEntry {
  /** What the palette shows, in Spanish: "Clientes", "Nuevo cliente". */
  text: string;
  link: string;
  /** Shown only to users granted this code. */
  accion: PermissionCode;
  /** Other words it is found by. */
  keywords?: string[];
  /** `g` then this letter goes to it (an area's main screen; each letter once, areas/registry.test checks). */
  goKey?: string;
}
