import type { AreaDescriptor, SeedOptions } from '../../area.ts';
import { busquedaClientes } from './busqueda.ts';
import type { Tx } from '../../db/client.ts';
import { conflictos } from './conflicts.ts';
import { actualizacionesLote } from './actualizaciones/lote.ts';
import { actualizacionesAuditoria, actualizacionesRoutes } from './actualizaciones/routes.ts';
import { seedActualizaciones } from './actualizaciones/seed.ts';
import { clientesAuditoria, clientesRoutes } from './routes.ts';
import { CLIENTES_LIST_TABLAS } from './queries.ts';
import { instalacionesRoutes } from './routes-instalaciones.ts';
import { parametrosRoutes } from './routes-parametros.ts';
import { servidoresClienteRoutes } from './routes-servidores.ts';
import { seedClientes } from './seed.ts';
import { vencimientosAlertas } from './vencimientos/alertas.ts';
import { vencimientosAuditoria, vencimientosRoutes } from './vencimientos/routes.ts';
import { solicitudesRoutes } from './vencimientos/routes-solicitudes.ts';
import { seedVencimientos } from './vencimientos/seed.ts';
import { vencimientosAfipLote, vencimientosPhysisLote } from './vencimientos/lote.ts';
import { clientesLote } from './lote.ts';
import { clientesImportacion, servidoresClienteImportacion } from './importacion.ts';
import { licenciasImportacion } from './vencimientos/importacion.ts';
import { certificadosImportacion } from './vencimientos/importacion-certificados.ts';
import { importacionRoutes } from '../../lists/importacion/routes.ts';

/** The demo clients, then their certificates, licences and updates. */
async function seedClientesArea(tx: Tx, opts: SeedOptions): Promise<void> {
  await seedClientes(tx, opts);
  await seedVencimientos(tx);
  await seedActualizaciones(tx);
}

/** Clientes: the client companies, their expiries (vencimientos/) and the versions they run (actualizaciones/). */
export const clientes: AreaDescriptor = {
  name: 'clientes',
  documentacion: {
    clientes: 'Clientes: empresas, sus servidores, parámetros de instalación y contactos.',
    vencimientos: 'Vencimientos de los clientes: certificados AFIP, puntos de venta y licencias Physis.',
    actualizaciones: 'Actualizaciones de versión instaladas en los servidores de los clientes.',
  },
  routes: [
    clientesRoutes,
    servidoresClienteRoutes,
    parametrosRoutes,
    instalacionesRoutes,
    vencimientosRoutes,
    solicitudesRoutes,
    actualizacionesRoutes,
    actualizacionesLote,
    clientesLote,
    vencimientosAfipLote,
    vencimientosPhysisLote,
    importacionRoutes(clientesImportacion),
    importacionRoutes(servidoresClienteImportacion),
    importacionRoutes(licenciasImportacion),
    importacionRoutes(certificadosImportacion),
  ],
  // The other codes are those of the screens that pick a client (GET /api/empresas/opciones).
  permisos: [
    'CLIENTES#VER',
    'CLIENTES#EDITAR',
    'CLIENTES#CERTIFICADOS',
    'SUBPROD#VER',
    'SUBPROD#EDITAR',
    'PROD#VER',
    'SER#VER',
    'DESARROLLOS#EDITAR',
  ],
  auditoria: { ...clientesAuditoria, ...vencimientosAuditoria, ...actualizacionesAuditoria },
  conflictos,
  vencimientos: vencimientosAlertas,
  seed: seedClientesArea,
  busqueda: [busquedaClientes],
  vivas: [
    { lista: 'clientes', permiso: 'CLIENTES#VER', tablas: CLIENTES_LIST_TABLAS },
    // Each grid's rows are kept in `vencimientos` by its item tables' triggers, with the client's name and CUIT
    // (and the licence's product): those tables announce for it.
    {
      lista: 'vencimientos-afip',
      permiso: 'CLIENTES#VER',
      tablas: ['afip_certificados', 'afip_puntos_venta', 'empresas'],
    },
    { lista: 'vencimientos-physis', permiso: 'CLIENTES#VER', tablas: ['physis_licencias', 'empresas', 'productos'] },
    {
      lista: 'actualizaciones',
      permiso: 'CLIENTES#VER',
      tablas: ['actualizaciones', 'empresas', 'servidores_cliente', 'productos', 'versiones', 'paquetes', 'personas'],
    },
  ],
};
