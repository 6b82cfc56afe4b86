import {
  diasRestantesTexto,
  LICENCIA_TIPO_ETIQUETA,
  type LICENCIA_TIPOS,
  type Vencimiento,
} from '@intranet/contract/areas/clientes/vencimientos';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { physisLicencias, productos, vencimientos } from '../../../db/schema.ts';
import { wireColumns } from '../../../db/wire.ts';
import type { CsvColumnaSql } from '../../../lists/csv.ts';
import type { ListSource, TodasLasFilas } from '../../../lists/list.ts';
import { estadoCsv, filaGrid, vencimientosSource } from './grid.ts';
import { dias } from './queries.ts';

// The Physis grid's CSV: each licence with the columns its import reads, so that the export, edited or
// not, imports back (update mode) onto the same licences.

/** A row of the Physis grid with its licence's own fields. */
export interface LicenciaEnGrilla extends Vencimiento {
  producto_codigo: string;
  modulo: string | null;
  licencia_tipo: (typeof LICENCIA_TIPOS)[number];
  usuarios: number;
  serial: string | null;
  inicio: string;
  baja: string | null;
  renovacion_auto: boolean;
}

/** The grid's rows joined to their licence and product (every row of the Physis grid is a licence). */
export const licenciasGridSource = (db: Executor): ListSource<LicenciaEnGrilla> => ({
  ...vencimientosSource(db),
  rows: (f) =>
    db
      .select({
        ...filaGrid,
        producto_codigo: productos.codigo,
        licencia_tipo: physisLicencias.tipo,
        ...wireColumns(physisLicencias, ['modulo', 'usuarios', 'serial', 'inicio', 'baja', 'renovacion_auto']),
        sortKey: f.sortKey,
      })
      .from(vencimientos)
      .innerJoin(physisLicencias, eq(physisLicencias.id, vencimientos.itemId))
      .innerJoin(productos, eq(productos.id, physisLicencias.productoId))
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset),
});

/** The whole grid with its licences, for the CSV that PostgreSQL writes (the grid's order, the grid's filters). */
export const licenciasTodas =
  (db: Executor): TodasLasFilas =>
  (campos, where, orderBy) =>
    db
      .select(campos)
      .from(vencimientos)
      .innerJoin(physisLicencias, eq(physisLicencias.id, vencimientos.itemId))
      .innerJoin(productos, eq(productos.id, physisLicencias.productoId))
      .where(where)
      .orderBy(...orderBy);

const licenciaTipoEtiqueta = sql<string>`(case ${physisLicencias.tipo} ${sql.join(
  Object.entries(LICENCIA_TIPO_ETIQUETA).map(([tipo, etiqueta]) => sql`when ${tipo} then ${etiqueta}`),
  sql` `,
)} end)`;

/** A day as the row-by-row export writes it: aaaa-mm-dd. */
const dia = (fecha: SQLWrapper) => sql<string | null>`to_char(${fecha}, 'YYYY-MM-DD')`;

/** The licences' import's titles (importacion.ts), its Id first, with the grid's days left and state to read. */
export const licenciasCsv: CsvColumnaSql<LicenciaEnGrilla>[] = [
  { titulo: 'Id', valor: (l) => l.item_id, sql: vencimientos.itemId, tipo: 'numero' },
  { titulo: 'Cliente', valor: (l) => l.cliente, sql: vencimientos.cliente, tipo: 'texto' },
  { titulo: 'CUIT', valor: (l) => l.cuit, sql: vencimientos.cuit, tipo: 'texto' },
  { titulo: 'Producto', valor: (l) => l.producto_codigo, sql: productos.codigo, tipo: 'texto' },
  { titulo: 'Módulo', valor: (l) => l.modulo, sql: physisLicencias.modulo, tipo: 'texto' },
  { titulo: 'Tipo', valor: (l) => LICENCIA_TIPO_ETIQUETA[l.licencia_tipo], sql: licenciaTipoEtiqueta, tipo: 'texto' },
  { titulo: 'Usuarios', valor: (l) => l.usuarios, sql: physisLicencias.usuarios, tipo: 'numero' },
  { titulo: 'Serial', valor: (l) => l.serial, sql: physisLicencias.serial, tipo: 'texto' },
  { titulo: 'Inicio', valor: (l) => l.inicio, sql: dia(physisLicencias.inicio), tipo: 'texto' },
  { titulo: 'Vence', valor: (l) => l.vence, sql: dia(vencimientos.vence), tipo: 'texto' },
  { titulo: 'Baja', valor: (l) => l.baja, sql: dia(physisLicencias.baja), tipo: 'texto' },
  {
    titulo: 'Renovación automática',
    valor: (l) => l.renovacion_auto,
    sql: physisLicencias.renovacionAuto,
    tipo: 'booleano',
  },
  { titulo: 'Días restantes', valor: (l) => l.dias, sql: dias, tipo: 'numero' },
  { titulo: 'Estado', valor: (l) => diasRestantesTexto(l.dias), sql: estadoCsv, tipo: 'texto' },
];
