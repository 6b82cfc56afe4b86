import { personaInput, personaLote, personaLoteExport } from '@intranet/contract/areas/personas';
import { cambioPorEdicion, loteRoutes } from '../../lists/lote.ts';
import { ApiError } from '../../core/api-error.ts';
import {
  eliminarPersona,
  modificarPersona,
  personaDetalle,
  personasCsv,
  personasList,
  personasSource,
} from './queries.ts';

/**
 * Bulk actions on the people list: delete (a referenced person is deactivated instead, as one by one, and listed with
 * why), set active, area or position.
 */
export const personasLote = loteRoutes({
  ruta: '/api/personas',
  tags: ['personas'],
  ver: 'PHY-PER#TODO',
  editar: 'PHY-PER#TODO',
  body: personaLote,
  exportBody: personaLoteExport,
  list: personasList,
  source: personasSource,
  nombre: (p) => `${p.apellido}, ${p.nombre}`,
  csv: { nombre: 'personas', columnas: personasCsv },
  eliminar: async (db, id, autor) => {
    const hecho = await eliminarPersona(db, id, autor);
    if (hecho.accion !== 'eliminada') throw new ApiError(409, hecho.motivo ?? 'No se eliminó');
  },
  cambiar: cambioPorEdicion(personaInput, personaDetalle, modificarPersona),
});
