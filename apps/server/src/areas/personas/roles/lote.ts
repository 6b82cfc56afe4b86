import { rolLote, rolLoteExport, type Rol } from '@intranet/contract/areas/personas/usuarios';
import type { CsvColumn } from '../../../lists/csv.ts';
import { loteRoutes } from '../../../lists/lote.ts';
import { eliminarRol, rolesList, rolesSource } from './queries.ts';

const rolesCsv: CsvColumn<Rol>[] = [
  { titulo: 'Nombre', valor: (r) => r.nombre },
  { titulo: 'Descripción', valor: (r) => r.descripcion },
  { titulo: 'Permisos', valor: (r) => r.permisos.join(' ') },
  { titulo: 'Cuentas', valor: (r) => r.usuarios_count },
  { titulo: 'Actualizado', valor: (r) => new Date(r.actualizado) },
];

/**
 * Bulk actions on the roles list: delete (a role some account holds is refused with the reason its single delete gives)
 * and export.
 */
export const rolesLote = loteRoutes({
  ruta: '/api/roles',
  tags: ['roles'],
  ver: 'USUARIOS#ADMIN',
  editar: 'USUARIOS#ADMIN',
  body: rolLote,
  exportBody: rolLoteExport,
  list: rolesList,
  source: rolesSource,
  nombre: (r) => r.nombre,
  csv: { nombre: 'roles', columnas: rolesCsv },
  eliminar: eliminarRol,
});
