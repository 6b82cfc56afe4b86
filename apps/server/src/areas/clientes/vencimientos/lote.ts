import {
  licenciaInput,
  licenciaLote,
  vencimientoLote,
  vencimientoLoteExport,
  type VencimientoGrupo,
} from '@intranet/contract/areas/clientes/vencimientos';
import { vencimientosBases } from '@intranet/contract/areas/clientes/vencimientos-endpoints';
import { eq } from 'drizzle-orm';
import type { Autor } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import { vencimientos } from '../../../db/schema.ts';
import { cambioPorEdicion, loteRoutes } from '../../../lists/lote.ts';
import type { ListSpec } from '../../../lists/list.ts';
import { ApiError } from '../../../core/api-error.ts';
import { busquedaEnGrilla, vencimientosCsv, vencimientosList, vencimientosSource } from './grid.ts';
import { eliminarItem, itemDetalle } from './items.ts';
import { licenciasCsv, licenciasGridSource } from './licencias-csv.ts';
import { guardarLicencia } from './licencias.ts';
import type { ListQuery } from './queries.ts';

// Bulk actions on the two expiry grids: each row is an item of the vencimientos view, deleted or edited
// through the same single routes as its own buttons, so each keeps its audit entry and its refusals.

/** A grid's list for one group: its bulk filter is the grid's own query, the group from the route. */
const listaDe = (grupo: VencimientoGrupo): ListSpec<Omit<ListQuery, 'grupo'>> => ({
  ...vencimientosList,
  // The group of the route: the bulk query carries none.
  scope: () => eq(vencimientos.grupo, grupo),
  filters: (q) => vencimientosList.filters?.({ ...q, grupo }) ?? [],
  searchWhere: (pattern) => busquedaEnGrilla(pattern, grupo),
  fixedSorts: (q) => vencimientosList.fixedSorts?.({ ...q, grupo }) ?? [],
});

/** The item a grid's row stands for. */
async function itemDe(db: Db, id: number) {
  const [fila] = await db
    .select({ tipo: vencimientos.tipo, itemId: vencimientos.itemId })
    .from(vencimientos)
    .where(eq(vencimientos.id, id));
  if (!fila) throw new ApiError(404, 'El vencimiento ya no está en la grilla');
  return fila;
}

const eliminar = async (db: Db, id: number, autor: Autor) => {
  const { tipo, itemId } = await itemDe(db, id);
  await eliminarItem(db, tipo, itemId, autor);
};

/** A licence's row changed as its dialog saves it: the licence read, one field set, saved by `guardarLicencia`. */
const cambiarLicencia = cambioPorEdicion(
  licenciaInput,
  async (db, id) => itemDetalle(db, 'licencia', (await itemDe(db, id)).itemId),
  async (db, id, values, autor) => guardarLicencia(db, (await itemDe(db, id)).itemId, values, autor),
);

const comun = {
  tags: ['vencimientos'],
  ver: 'CLIENTES#VER' as const,
  editar: 'CLIENTES#EDITAR' as const,
  exportBody: vencimientoLoteExport,
  eliminar,
};

/** AFIP: certificates and CAI points of sale, deleted or exported. */
export const vencimientosAfipLote = loteRoutes({
  ...comun,
  ruta: vencimientosBases.grilla('afip'),
  body: vencimientoLote,
  list: listaDe('afip'),
  source: (db) => vencimientosSource(db),
  nombre: (v) => `${v.item} de ${v.cliente}`,
  csv: { nombre: 'vencimientos-afip', columnas: vencimientosCsv },
});

/** Physis: licences, deleted, exported with the import's columns, or their automatic renewal set. */
export const vencimientosPhysisLote = loteRoutes({
  ...comun,
  ruta: vencimientosBases.grilla('physis'),
  body: licenciaLote,
  list: listaDe('physis'),
  source: licenciasGridSource,
  nombre: (v) => `${v.item} de ${v.cliente}`,
  csv: { nombre: 'vencimientos-physis', columnas: licenciasCsv },
  cambiar: cambiarLicencia,
});
