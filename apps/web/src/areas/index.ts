import type { AreaDescriptor, MenuSection } from '../core/area.ts';
import { alertas } from './alertas/index.ts';
import { aplicaciones } from './aplicaciones/index.ts';
import { appsstore } from './appsstore/index.ts';
import { auth } from './auth/index.ts';
import { clientes } from './clientes/index.ts';
import { desarrollos } from './desarrollos/index.ts';
import { insights } from './insights/index.ts';
import { maquinas } from './maquinas/index.ts';
import { paquetes } from './paquetes/index.ts';
import { personas } from './personas/index.ts';
import { productos } from './productos/index.ts';
import { reportes } from './reportes/index.ts';
import { servidores } from './servidores/index.ts';
import { sitios } from './sitios/index.ts';
import { versiones } from './versiones/index.ts';

/**
 * The registry: every area of the portal, once. The router, the menu and the command palette read it (the
 * palette in this order); adding an area is its folder (with its index.ts descriptor), one line here and, if it
 * has menu entries, its place in MENU_ORDEN.
 */
export const AREAS: readonly AreaDescriptor[] = [
  clientes,
  maquinas,
  personas,
  servidores,
  appsstore,
  productos,
  aplicaciones,
  sitios,
  reportes,
  versiones,
  desarrollos,
  paquetes,
  insights,
  alertas,
  auth,
];

/**
 * The menu's order: under each heading, the areas whose entries it shows, as the specification orders them. An
 * area with several entries under one heading shows them in the order of its `menu`.
 */
export const MENU_ORDEN: Readonly<Record<MenuSection, readonly AreaDescriptor[]>> = {
  PHYSIS: [clientes, maquinas, personas],
  SERVICIOS: [servidores, appsstore],
  SOLUCIONES: [productos, aplicaciones, sitios, reportes],
  TECNICA: [versiones, desarrollos, servidores, paquetes, insights],
};
