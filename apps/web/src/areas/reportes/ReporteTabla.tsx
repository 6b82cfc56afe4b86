import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import {
  mesEtiqueta,
  type ColumnaDef,
  type ReporteFila,
  type ReporteResultado,
} from '@intranet/contract/areas/reportes';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { formatNumero } from '../../core/format.ts';
import { reportesMessages as t } from './messages.ts';

interface Fila {
  i: number;
  fila: ReporteFila;
}

/** A cell as staff read it: months as "nov 2026", numbers with Argentine separators. */
export function formatear(columna: Pick<ColumnaDef, 'tipo'>, valor: ReporteFila[string] | undefined): string {
  if (valor === null || valor === undefined) return '';
  if (typeof valor === 'number') return formatNumero(valor);
  return columna.tipo === 'mes' ? mesEtiqueta(valor) : valor;
}

/** A report's rows in the portal's table, paged here (they are few), with the totals as its closing row. */
export function ReporteTabla({
  id,
  nombre,
  resultado,
  fetching,
}: {
  id: string;
  nombre: string;
  resultado: ReporteResultado;
  fetching: boolean;
}) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(50);
  // Resultado is the trigger, not a value read: each new result of the report goes back to page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reason is above
  useEffect(() => setPage(1), [resultado]);

  const columns = useMemo<ColumnDef<Fila>[]>(
    () =>
      resultado.columnas.map((c) => ({
        id: c.clave,
        header: c.titulo,
        accessorFn: (row) => formatear(c, row.fila[c.clave]),
      })),
    [resultado.columnas],
  );
  const filas = useMemo(() => resultado.filas.map((fila, i) => ({ i, fila })), [resultado.filas]);
  const footer = useMemo(() => {
    const { totales, columnas } = resultado;
    if (!totales || !columnas[0]) return undefined;
    const celdas: Record<string, string> = Object.fromEntries(
      Object.entries(totales).map(([clave, v]) => [clave, formatNumero(v)]),
    );
    return { ...celdas, [columnas[0].clave]: t.total };
  }, [resultado]);
  const x = resultado.grafico.x;

  return (
    <DataTable
      label={nombre}
      tableId={`reporte-${id}`}
      columns={columns}
      sortable={[]}
      rows={filas.slice((page - 1) * size, page * size)}
      total={filas.length}
      list={{
        page,
        size,
        sort: undefined,
        setPage,
        setSize: (n) => {
          setSize(n);
          setPage(1);
        },
        setSort: () => undefined,
      }}
      getRowId={(row) => String(row.i)}
      rowLabel={(row) => String(row.fila[x] ?? row.i)}
      fetching={fetching}
      emptyText={t.sinFilas}
      footer={footer}
    />
  );
}
