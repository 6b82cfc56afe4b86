import { clienteInput, clienteLote, clienteLoteExport } from '@intranet/contract/areas/clientes';
import { cambioPorEdicion, loteRoutes } from '../../lists/lote.ts';
import {
  eliminarCliente,
  clienteDetalle,
  clientesCsv,
  clientesList,
  clientesSource,
  modificarCliente,
} from './queries.ts';

/**
 * Bulk actions on the clients list: delete (a client with servers, expiries or updates is refused, as one by one), set
 * active, province or VAT condition.
 */
export const clientesLote = loteRoutes({
  ruta: '/api/empresas',
  tags: ['clientes'],
  ver: 'CLIENTES#VER',
  editar: 'CLIENTES#EDITAR',
  body: clienteLote,
  exportBody: clienteLoteExport,
  list: clientesList,
  source: clientesSource,
  nombre: (e) => e.razon_social,
  csv: { nombre: 'clientes', columnas: clientesCsv },
  eliminar: eliminarCliente,
  cambiar: cambioPorEdicion(clienteInput, clienteDetalle, modificarCliente),
});
