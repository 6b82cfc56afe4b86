import type { AreaDescriptor } from '../../area.ts';
import { busquedaDesarrollos } from './busqueda.ts';
import { conflictos } from './conflicts.ts';
import { desarrollosImportacion } from './importacion.ts';
import { importacionRoutes } from '../../lists/importacion/routes.ts';
import { desarrollosAuditoria, desarrollosRoutes } from './routes.ts';
import { seedDesarrollos } from './seed.ts';
import { desarrollosLote } from './lote.ts';

/** Desarrollos: the development requests and their state changes. */
export const desarrollos: AreaDescriptor = {
  name: 'desarrollos',
  documentacion: {
    desarrollos: 'Desarrollos pedidos por los clientes y sus cambios de estado.',
  },
  routes: [desarrollosRoutes, desarrollosLote, importacionRoutes(desarrollosImportacion)],
  permisos: ['SER#VER', 'DESARROLLOS#EDITAR'],
  auditoria: desarrollosAuditoria,
  conflictos,
  seed: seedDesarrollos,
  busqueda: [busquedaDesarrollos],
  vivas: [
    {
      lista: 'desarrollos',
      permiso: 'SER#VER',
      tablas: ['desarrollos', 'productos', 'empresas', 'personas', 'versiones'],
    },
  ],
};
