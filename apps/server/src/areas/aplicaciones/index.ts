import type { AreaDescriptor } from '../../area.ts';
import { busquedaAplicaciones } from './busqueda.ts';
import { conflictos } from './conflicts.ts';
import { aplicacionesImportacion } from './importacion.ts';
import { importacionRoutes } from '../../lists/importacion/routes.ts';
import { aplicacionesAuditoria, aplicacionesRoutes } from './routes.ts';
import { seedAplicaciones } from './seed.ts';
import { aplicacionesLote } from './lote.ts';

/** Aplicaciones: the Android apps and their versions. */
export const aplicaciones: AreaDescriptor = {
  name: 'aplicaciones',
  documentacion: {
    aplicaciones: 'Aplicaciones Android, sus versiones y APK.',
  },
  routes: [aplicacionesRoutes, aplicacionesLote, importacionRoutes(aplicacionesImportacion)],
  permisos: ['APP#VER', 'APP#EDITAR'],
  auditoria: aplicacionesAuditoria,
  conflictos,
  seed: seedAplicaciones,
  busqueda: [busquedaAplicaciones],
  // An app's row sums up its versions: how many, the latest and the downloads.
  vivas: [{ lista: 'aplicaciones', permiso: 'APP#VER', tablas: ['aplicaciones', 'aplicacion_versiones'] }],
};
