import type { AreaDescriptor } from '../../core/area.ts';
import { busquedaAplicaciones } from './busqueda.ts';
import { conflictos } from './conflictos.ts';
import { aplicacionesAuditoria, aplicacionesRoutes } from './routes.ts';
import { seedAplicaciones } from './seed.ts';
import { aplicacionesLote } from './lote.ts';

/** Aplicaciones: the Android apps and their versions. */
export const aplicaciones: AreaDescriptor = {
  name: 'aplicaciones',
  documentacion: {
    aplicaciones: 'Aplicaciones Android, sus versiones y APK.',
  },
  routes: [aplicacionesRoutes, aplicacionesLote],
  permisos: ['APP#VER', 'APP#EDITAR'],
  auditoria: aplicacionesAuditoria,
  conflictos,
  seed: seedAplicaciones,
  busqueda: [busquedaAplicaciones],
};
