import type { PermissionCode } from '@intranet/contract/registry';
import {
  isReporteId,
  REPORTE_IDS,
  REPORTES,
  type ColumnaDef,
  type ReporteFila,
  type ReporteId,
  type ReporteParams,
  type ReporteResultado,
  type ReporteResumen,
} from '@intranet/contract/areas/reportes';
import type { Executor } from '../../db/client.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import { MENSAJES } from '../../messages.ts';
import { ApiError, fieldErrorsOf } from '../../core/api-error.ts';
import { actualizacionesPorMes, descargasPorMes, descargasPorPaquete } from './actividad.ts';
import { clientesDesactualizados, clientesPorVersion } from './clientes.ts';
import { contextoDe, type Contexto } from './contexto.ts';
import { desarrollosPorEstado, maquinasPorEstado } from './inventario.ts';
import { vencimientosPorMes } from './vencimientos.ts';

/** Each report's query: the one thing the contract's catalogue leaves to the server. */
const CONSULTAS: {
  [K in ReporteId]: (db: Executor, params: ReporteParams<K>, ctx: Contexto) => Promise<ReporteFila[]>;
} = {
  'clientes-por-version': clientesPorVersion,
  'vencimientos-por-mes': vencimientosPorMes,
  'maquinas-por-estado': maquinasPorEstado,
  'descargas-por-mes': descargasPorMes,
  'descargas-por-paquete': descargasPorPaquete,
  'actualizaciones-por-mes': actualizacionesPorMes,
  'clientes-desactualizados': clientesDesactualizados,
  'desarrollos-por-estado': desarrollosPorEstado,
};

type Permisos = ReadonlySet<PermissionCode>;

const puedeLeer = (id: ReporteId, permisos: Permisos) => REPORTES[id].permisos.every((codigo) => permisos.has(codigo));

/** The columns the caller may read, and the chart's series among them. */
function vista(id: ReporteId, permisos: Permisos): Pick<ReporteResumen, 'columnas' | 'grafico'> {
  const { columnas, grafico } = REPORTES[id];
  const visibles = columnas.filter((c) => !c.permiso || permisos.has(c.permiso));
  const claves = new Set(visibles.map((c) => c.clave));
  return { columnas: visibles, grafico: { ...grafico, series: grafico.series.filter((s) => claves.has(s)) } };
}

/** The catalogue as the caller sees it: only the reports whose data it may read. */
export function catalogo(permisos: Permisos): ReporteResumen[] {
  return REPORTE_IDS.filter((id) => puedeLeer(id, permisos)).map((id) => {
    const { nombre, descripcion, permisos: codigos, parametros } = REPORTES[id];
    return { id, nombre, descripcion, permisos: [...codigos], parametros: [...parametros], ...vista(id, permisos) };
  });
}

/** The report behind an id: 404 when there is none, 403 when its data is not the caller's to read. */
function reporteDe(id: string, permisos: Permisos): ReporteId {
  if (!isReporteId(id)) throw new ApiError(404, 'El reporte no existe');
  if (!puedeLeer(id, permisos)) throw new ApiError(403, MENSAJES.sinPermiso);
  return id;
}

/** Parses a report's parameters with its own schema: 400 with the field errors when they do not fit. */
function parametrosDe<K extends ReporteId>(id: K, query: unknown): ReporteParams<K> {
  const result = REPORTES[id].schema.safeParse(query ?? {});
  if (result.success) return result.data as ReporteParams<K>;
  const issues = result.error.issues.map((issue) => ({
    keyword: issue.code,
    instancePath: `/${issue.path.join('/')}`,
    message: issue.message,
    params: 'keys' in issue ? { keys: issue.keys } : {},
  }));
  throw new ApiError(400, MENSAJES.datosInvalidos, fieldErrorsOf(issues, 'querystring'));
}

/** Runs a report on the server: its rows in order and the sums of its `total` columns (over its few result rows). */
export async function ejecutarReporte(
  db: Executor,
  idPedido: string,
  query: unknown,
  permisos: Permisos,
): Promise<ReporteResultado> {
  const id = reporteDe(idPedido, permisos);
  const params = parametrosDe(id, query);
  const consulta = CONSULTAS[id] as (
    db: Executor,
    params: ReporteParams<typeof id>,
    ctx: Contexto,
  ) => Promise<ReporteFila[]>;
  const filas = await consulta(db, params, contextoDe(permisos));
  const { columnas, grafico } = vista(id, permisos);
  const sumadas = columnas.filter((c) => c.total);
  const totales = sumadas.length
    ? Object.fromEntries(
        sumadas.map((c) => [
          c.clave,
          filas.reduce((suma, f) => suma + (typeof f[c.clave] === 'number' ? (f[c.clave] as number) : 0), 0),
        ]),
      )
    : null;
  return { id, columnas, grafico, filas, totales };
}

/** A report's columns as CSV columns: months as mm/aaaa, numbers as numbers. */
export function columnasCsv(columnas: readonly ColumnaDef[]): CsvColumn<ReporteFila>[] {
  return columnas.map((c) => ({
    titulo: c.titulo,
    valor: (fila) => {
      const v = fila[c.clave];
      return c.tipo === 'mes' && typeof v === 'string' && /^\d{4}-\d{2}$/.test(v)
        ? `${v.slice(5, 7)}/${v.slice(0, 4)}`
        : v;
    },
  }));
}

/** The rows of the CSV: the report's, then its totals under the first column's "Total". */
export function filasCsv(resultado: ReporteResultado): ReporteFila[] {
  const { columnas, filas, totales } = resultado;
  if (!totales || !columnas[0]) return filas;
  return [...filas, { ...totales, [columnas[0].clave]: 'Total' }];
}
