import type { AreaDescriptor } from '../../area.ts';
import { archivosAuditoria, archivosRoutes } from './routes.ts';
import { barrido } from './tareas.ts';

/** Archivos: the content-addressed file store the packages, versions and apps attach to. */
export const archivos: AreaDescriptor = {
  name: 'archivos',
  documentacion: {
    archivos: 'Almacén de archivos por contenido (SHA-256) de paquetes, versiones y aplicaciones.',
  },
  routes: [archivosRoutes],
  permisos: ['PACKS#EDITAR', 'VERSIONES#EDITAR', 'APP#EDITAR', 'PACKS#VER', 'APP#VER'],
  auditoria: archivosAuditoria,
  tareas: [barrido],
};
