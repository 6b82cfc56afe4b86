import type { AreaDescriptor } from '../../area.ts';
import { busquedaPaquetes } from './busqueda.ts';
import { paquetesAuditoria, paquetesRoutes } from './routes.ts';
import { seedPaquetes } from './seed.ts';
import { paquetesLote } from './lote.ts';

/** Paquetes: the installer packages. */
export const paquetes: AreaDescriptor = {
  name: 'paquetes',
  documentacion: {
    paquetes: 'Paquetes de instalación: subida, descarga y el último publicado.',
  },
  routes: [paquetesRoutes, paquetesLote],
  permisos: ['PACKS#VER', 'PACKS#EDITAR'],
  auditoria: paquetesAuditoria,
  seed: seedPaquetes,
  busqueda: [busquedaPaquetes],
  vivas: [{ lista: 'paquetes', permiso: 'PACKS#VER', tablas: ['paquetes', 'productos'] }],
};
