import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { MODALIDAD_ETIQUETA, type PuntoVenta } from '@intranet/contract/areas/clientes/vencimientos';
import { DataTable } from '../../../../components/DataTable/DataTable.tsx';
import { formatFecha } from '../../../../core/format.ts';
import { vencimientosMessages as t } from '../messages.ts';
import { abrirPuntoVenta } from '../PuntoVentaDialog.tsx';
import { ItemAcciones } from './ItemAcciones.tsx';
import { Seccion } from './Seccion.tsx';

/** How a point of sale is named: its number, five digits wide ('PV 00003'). */
function nombreDe(p: PuntoVenta): string {
  return `PV ${String(p.numero).padStart(5, '0')}`;
}

const columnas: ColumnDef<PuntoVenta>[] = [
  { id: 'numero', header: t.puntoVenta.numero, cell: ({ row }) => nombreDe(row.original) },
  { id: 'modalidad', header: t.puntoVenta.modalidad, cell: ({ row }) => MODALIDAD_ETIQUETA[row.original.modalidad] },
  {
    id: 'cai_vence',
    header: t.puntoVenta.cai_vence,
    cell: ({ row: { original: p } }) => (p.cai_vence ? formatFecha(p.cai_vence) : '—'),
  },
  { id: 'descripcion', header: t.puntoVenta.descripcion, cell: ({ row }) => row.original.descripcion },
];

/** The same columns with the edit and delete buttons last, for those who may edit. */
const columnasEditables: ColumnDef<PuntoVenta>[] = [
  ...columnas,
  {
    id: 'acciones',
    cell: ({ row: { original: p } }) => (
      <ItemAcciones tipo="punto_venta" id={p.id} nombre={nombreDe(p)} onEditar={() => abrirPuntoVenta({ punto: p })} />
    ),
  },
];

interface PuntosVentaClienteProps {
  clienteId: number;
  puntosVenta: PuntoVenta[];
  puedeEditar: boolean;
}

/** The client's AFIP points of sale, with the expiry of their CAI. */
export function PuntosVentaCliente({ clienteId, puntosVenta, puedeEditar }: PuntosVentaClienteProps) {
  return (
    <Seccion
      title={t.puntosVenta}
      action={
        puedeEditar && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            onClick={() => abrirPuntoVenta({ clienteId })}
          >
            {t.nuevoPuntoVenta}
          </Button>
        )
      }
      vacio={puntosVenta.length === 0 ? t.sinPuntosVenta : null}
    >
      <DataTable
        label={t.puntosVenta}
        columns={puedeEditar ? columnasEditables : columnas}
        rows={puntosVenta}
        getRowId={(p) => String(p.id)}
      />
    </Seccion>
  );
}
