import type { AreaDescriptor } from '../../area.ts';
import { vistasRoutes } from './routes.ts';
import { seedVistas } from './seed.ts';

/** Vistas: the lists' saved views, private or shared. */
export const vistas: AreaDescriptor = {
  name: 'vistas',
  documentacion: {
    vistas: 'Vistas guardadas de las listas, privadas o compartidas.',
  },
  routes: [vistasRoutes],
  seed: seedVistas,
  conflictos: {
    unicos: {
      vistas_usuario_lista_nombre_uq: { campo: 'nombre', mensaje: 'Ya tiene una vista con ese nombre en esta lista' },
    },
    referencias: {
      vistas_predeterminadas_vista_id_vistas_id_fk: {
        tabla: 'vistas_predeterminadas',
        campo: 'vista_id',
        falta: 'La vista no existe',
        enUso: 'La vista es la predeterminada de alguien',
      },
    },
  },
};
