import type { AreaDescriptor } from '../../area.ts';
import { busquedaVersiones } from './busqueda.ts';
import { conflictos } from './conflicts.ts';
import { versionesImportacion } from './importacion.ts';
import { importacionRoutes } from '../../lists/importacion/routes.ts';
import { versionesAuditoria, versionesRoutes } from './routes.ts';
import { seedVersiones } from './seed.ts';
import { versionesLote } from './lote.ts';

/** Versiones: the products' versions, their notes and files. */
export const versiones: AreaDescriptor = {
  name: 'versiones',
  documentacion: {
    versiones: 'Versiones de los productos, sus notas y archivos.',
  },
  routes: [versionesRoutes, versionesLote, importacionRoutes(versionesImportacion)],
  permisos: ['PACKS#VER', 'VERSIONES#EDITAR'],
  auditoria: versionesAuditoria,
  conflictos,
  seed: seedVersiones,
  busqueda: [busquedaVersiones],
  vivas: [{ lista: 'versiones', permiso: 'PACKS#VER', tablas: ['versiones', 'productos', 'version_assets'] }],
};
