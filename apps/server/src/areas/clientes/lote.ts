import { empresaInput, empresaLote, empresaLoteExport } from '@intranet/contract/areas/clientes';
import { cambioPorEdicion, loteRoutes } from '../../lists/lote.ts';
import {
  eliminarEmpresa,
  empresaDetalle,
  empresasCsv,
  empresasList,
  empresasSource,
  modificarEmpresa,
} from './queries.ts';

/** Bulk actions on the clients list: delete (a client with servers, expiries or updates is refused, as one by one), set active, province or VAT condition. */
export const clientesLote = loteRoutes({
  ruta: '/api/empresas',
  tags: ['clientes'],
  ver: 'CLIENTES#VER',
  editar: 'CLIENTES#EDITAR',
  body: empresaLote,
  exportBody: empresaLoteExport,
  list: empresasList,
  source: empresasSource,
  nombre: (e) => e.razon_social,
  csv: { nombre: 'clientes', columnas: empresasCsv },
  eliminar: eliminarEmpresa,
  cambiar: cambioPorEdicion(empresaInput, empresaDetalle, modificarEmpresa),
});
