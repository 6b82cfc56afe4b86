import type { AreaDescriptor } from '../area.ts';
import { alertas } from './alertas/index.ts';
import { aplicaciones } from './aplicaciones/index.ts';
import { appsstore } from './appsstore/index.ts';
import { archivos } from './archivos/index.ts';
import { auditoria } from './auditoria/index.ts';
import { auth } from './auth/index.ts';
import { busqueda } from './busqueda/index.ts';
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
import { vistas } from './vistas/index.ts';
import { vivo } from './vivo/index.ts';

/**
 * Every area of the server, and the only place that names them: the app registers their routes and
 * hooks and gathers their history entities, the seed runs their demo data. In seed order: an area's demo data
 * may read an earlier area's (machines are assigned to the staff; clients run the products' versions).
 */
export const AREAS: readonly AreaDescriptor[] = [
  servidores,
  personas,
  maquinas,
  productos,
  insights,
  paquetes,
  versiones,
  clientes,
  aplicaciones,
  appsstore,
  sitios,
  desarrollos,
  reportes,
  archivos,
  auditoria,
  auth,
  alertas,
  busqueda,
  vistas,
  vivo,
];
