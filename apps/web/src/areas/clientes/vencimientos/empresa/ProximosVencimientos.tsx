import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  diasRestantesTexto,
  VENCIMIENTO_TIPO_ETIQUETA,
  type Vencimiento,
} from '@intranet/contract/areas/clientes/vencimientos';
import { DataTable } from '../../../../components/DataTable/DataTable.tsx';
import { EstadoChip } from '../../../../components/Vencimientos/EstadoChip.tsx';
import { formatFecha } from '../../../../core/format.ts';
import { vencimientosMessages as t } from '../messages.ts';
import { abrirRenovar } from '../RenovarDialog.tsx';
import { Seccion } from './Seccion.tsx';

const columnas: ColumnDef<Vencimiento>[] = [
  { id: 'tipo', header: t.campos.tipo, cell: ({ row }) => VENCIMIENTO_TIPO_ETIQUETA[row.original.tipo] },
  { id: 'item', header: t.campos.item, cell: ({ row }) => row.original.item },
  { id: 'vence', header: t.campos.vence, cell: ({ row }) => formatFecha(row.original.vence) },
  { id: 'dias', header: t.campos.dias, cell: ({ row }) => diasRestantesTexto(row.original.dias) },
  { id: 'estado', header: t.campos.estado, cell: ({ row }) => <EstadoChip dias={row.original.dias} /> },
];

/** The same columns with the renewal button last, for those who may edit. */
const columnasEditables: ColumnDef<Vencimiento>[] = [
  ...columnas,
  {
    id: 'acciones',
    header: t.campos.acciones,
    cell: ({ row: { original: v } }) => (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        aria-label={`${t.renovar} ${v.item}`}
        onClick={() => abrirRenovar({ ...v, meses: v.tipo === 'certificado' ? 24 : 12 })}
      >
        {t.renovar}
      </Button>
    ),
  },
];

/** The client's next expiries of every kind, each with its days left, its state and a renewal. */
export function ProximosVencimientos({ proximos, puedeEditar }: { proximos: Vencimiento[]; puedeEditar: boolean }) {
  return (
    <Seccion title={`${t.tablaAfip} y Physis`} vacio={proximos.length === 0 ? t.sinVencimientos : null}>
      <DataTable
        label={t.campos.vence}
        columns={puedeEditar ? columnasEditables : columnas}
        rows={proximos}
        getRowId={(v) => String(v.id)}
      />
    </Seccion>
  );
}
