import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { LICENCIA_TIPO_ETIQUETA, type Licencia } from '@intranet/contract/areas/clientes/vencimientos';
import { DataTable } from '../../../../components/DataTable/DataTable.tsx';
import { formatFecha } from '../../../../core/format.ts';
import { abrirLicencia } from '../LicenciaDialog.tsx';
import { vencimientosMessages as t } from '../messages.ts';
import { ItemAcciones } from './ItemAcciones.tsx';
import { Seccion } from './Seccion.tsx';

/** How a licence is named: its product, and its module when it is one. */
function nombreDe(l: Licencia): string {
  return l.modulo ? `${l.producto} · ${l.modulo}` : l.producto;
}

/** What a licence's expiry column says: its cancellation, its expiry or that it does not expire. */
function venceTexto(l: Licencia): string {
  if (l.baja) return `${t.deBaja} (${formatFecha(l.baja)})`;
  return l.vence ? formatFecha(l.vence) : t.sinVence;
}

const columnas: ColumnDef<Licencia>[] = [
  {
    id: 'producto',
    header: t.licencia.producto,
    cell: ({ row: { original: l } }) => (
      <>
        <Text size="sm">{nombreDe(l)}</Text>
        {l.serial && (
          <Text size="xs" c="dimmed">
            {l.serial}
          </Text>
        )}
      </>
    ),
  },
  {
    id: 'tipo',
    header: t.licencia.tipo,
    cell: ({ row: { original: l } }) => (
      <>
        {LICENCIA_TIPO_ETIQUETA[l.tipo]}
        {l.renovacion_auto ? ' · auto' : ''}
      </>
    ),
  },
  { id: 'usuarios', header: t.licencia.usuarios, cell: ({ row }) => row.original.usuarios },
  { id: 'inicio', header: t.licencia.inicio, cell: ({ row }) => formatFecha(row.original.inicio) },
  { id: 'vence', header: t.licencia.vence, cell: ({ row }) => venceTexto(row.original) },
  { id: 'contacto', header: t.licencia.contacto, cell: ({ row }) => row.original.contacto },
];

/** The same columns with the edit and delete buttons last, for those who may edit. */
const columnasEditables: ColumnDef<Licencia>[] = [
  ...columnas,
  {
    id: 'acciones',
    cell: ({ row: { original: l } }) => (
      <ItemAcciones tipo="licencia" id={l.id} nombre={nombreDe(l)} onEditar={() => abrirLicencia({ licencia: l })} />
    ),
  },
];

interface LicenciasClienteProps {
  clienteId: number;
  licencias: Licencia[];
  puedeEditar: boolean;
}

/** The client's Physis licences (product and module, kind, users, term, contact). */
export function LicenciasCliente({ clienteId, licencias, puedeEditar }: LicenciasClienteProps) {
  return (
    <Seccion
      title={t.licencias}
      action={
        puedeEditar && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            onClick={() => abrirLicencia({ clienteId })}
          >
            {t.nuevaLicencia}
          </Button>
        )
      }
      vacio={licencias.length === 0 ? t.sinLicencias : null}
    >
      <DataTable
        label={t.licencias}
        columns={puedeEditar ? columnasEditables : columnas}
        rows={licencias}
        getRowId={(l) => String(l.id)}
        minWidth={700}
      />
    </Seccion>
  );
}
