import { Anchor, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  diasRestantesTexto,
  PLAZO_ETIQUETA,
  VENCIMIENTO_PLAZOS,
  VENCIMIENTO_SORT,
  VENCIMIENTO_TIPO_ETIQUETA,
  vencimientoListQuery,
  type Vencimiento,
  type VencimientoGrupo,
  type VencimientoTipo,
} from '@intranet/contract/areas/clientes/vencimientos';
import { formatCuit } from '@intranet/contract/shared/cuit';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { LoteCampo } from '../../../components/DataTable/LoteBar.tsx';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { ExportButton } from '../../../components/ExportButton/ExportButton.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { ListSearch } from '../../../components/ListSearch.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { EstadoChip } from '../../../components/Vencimientos/EstadoChip.tsx';
import { MesesChart } from '../../../components/Vencimientos/MesesChart.tsx';
import { formatFecha } from '../../../core/format.ts';
import { useListState } from '../../../core/list/useListState.ts';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { useEliminarItem, useMeses, useVencimientos, vencimientosCsvUrl, vencimientosLoteUrl } from './api.ts';
import { vencimientosMessages as t } from './messages.ts';
import { abrirRenovar } from './RenovarDialog.tsx';

interface VencimientosGridProps {
  grupo: VencimientoGrupo;
  title: string;
  tableLabel: string;
  /** The kinds of row this grid shows, for its Tipo filter (none when it has one kind). */
  tipos: readonly VencimientoTipo[];
  /** The page's own buttons (Importar certificado, Nueva licencia). */
  actions?: ReactNode;
  /** The fields a bulk change may set on this grid's rows (the licences' automatic renewal). */
  camposLote?: readonly LoteCampo[];
}

/** Monthly licences renew a month ahead, certificates two years, the rest a year. */
const mesesDeRenovacion = (v: Vencimiento) =>
  v.tipo === 'certificado' ? 24 : v.detalle?.startsWith('Mensual') ? 1 : 12;

/**
 * THE expiry grid of both Vencimientos screens: client, CUIT, kind, item, due date, days left and the state
 * chip; quick filters by term, search, CSV export and "Renovar", with the month chart above; the bulk bar exports,
 * deletes or changes the rows chosen, or all that match.
 */
export function VencimientosGrid({ grupo, title, tableLabel, tipos, actions, camposLote }: VencimientosGridProps) {
  const list = useListState(vencimientoListQuery);
  const vencimientos = useVencimientos(grupo, list.apiParams);
  const meses = useMeses(grupo);
  const puedeEditar = usePermiso('CLIENTES#EDITAR');
  const eliminar = useEliminarItem();

  const columns: ColumnDef<Vencimiento>[] = [
    {
      id: 'cliente',
      header: t.campos.cliente,
      enableHiding: false,
      cell: ({ row }) => (
        <Anchor
          component={Link}
          to={`/clientes/${row.original.empresa_id}`}
          size="sm"
          fw={600}
          onClick={(e) => e.stopPropagation()}
        >
          {row.original.cliente}
        </Anchor>
      ),
    },
    {
      id: 'cuit',
      header: t.campos.cuit,
      cell: ({ row }) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatCuit(row.original.cuit)}
        </Text>
      ),
    },
    { id: 'tipo', header: t.campos.tipo, accessorFn: (v) => VENCIMIENTO_TIPO_ETIQUETA[v.tipo] },
    {
      id: 'item',
      header: t.campos.item,
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm">{row.original.item}</Text>
          {row.original.detalle && (
            <Text size="xs" c="dimmed">
              {row.original.detalle}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'vence',
      header: t.campos.vence,
      cell: ({ row }) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatFecha(row.original.vence)}
        </Text>
      ),
    },
    {
      id: 'dias',
      header: t.campos.dias,
      cell: ({ row }) => (
        <Text
          size="sm"
          c={row.original.dias < 0 ? 'red' : undefined}
          fw={row.original.dias < 0 ? 600 : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          {diasRestantesTexto(row.original.dias)}
        </Text>
      ),
    },
    { id: 'estado', header: t.campos.estado, cell: ({ row }) => <EstadoChip dias={row.original.dias} /> },
    ...(puedeEditar
      ? [
          {
            id: 'acciones',
            header: t.campos.acciones,
            enableHiding: false,
            cell: ({ row }) => (
              <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconRefresh size={14} />}
                  aria-label={`${t.renovar} ${row.original.item} de ${row.original.cliente}`}
                  onClick={() => abrirRenovar({ ...row.original, meses: mesesDeRenovacion(row.original) })}
                >
                  {t.renovar}
                </Button>
                <DeleteAction
                  variant="icon"
                  tooltip={t.eliminar}
                  label={`${t.eliminar} ${row.original.item} de ${row.original.cliente}`}
                  confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(row.original.item) }}
                  run={() => eliminar.mutateAsync({ tipo: row.original.tipo, id: row.original.item_id })}
                  done={{ title: t.eliminado, message: row.original.item }}
                  errorTitle={t.errorEliminar}
                />
              </Group>
            ),
          } satisfies ColumnDef<Vencimiento>,
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            <ExportButton url={vencimientosCsvUrl(grupo, list.exportParams)} name={`vencimientos-${grupo}`} />
            {puedeEditar && actions}
          </>
        }
      />
      <MesesChart meses={meses} />
      <DataTable
        label={tableLabel}
        tableId={`vencimientos-${grupo}`}
        columns={columns}
        sortable={VENCIMIENTO_SORT}
        rows={vencimientos.data?.items}
        total={vencimientos.data?.total ?? 0}
        totalExacto={vencimientos.data?.total_exacto}
        totalEstimado={vencimientos.data?.total_estimado}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => `${row.item} de ${row.cliente}`}
        lote={{
          url: vencimientosLoteUrl(grupo),
          filtro: list.exportParams,
          nombre: `vencimientos-${grupo}`,
          eliminar: puedeEditar,
          campos: puedeEditar ? camposLote : undefined,
        }}
        loading={vencimientos.isPending}
        fetching={vencimientos.isPlaceholderData}
        error={vencimientos.error}
        onRetry={() => void vencimientos.refetch()}
        vivo={{
          lista: `vencimientos-${grupo}`,
          refrescar: () => Promise.all([vencimientos.refetch(), meses.refetch()]),
        }}
        emptyText={t.sinVencimientos}
        initiallyHidden={['tipo']}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <Stack gap={2} maw="100%">
              <Text size="sm" fw={500} id={`plazo-${grupo}`}>
                {t.plazo}
              </Text>
              <SegmentedControl
                aria-labelledby={`plazo-${grupo}`}
                value={list.query.plazo ?? 'todos'}
                onChange={(plazo) => list.setFilter('plazo', plazo === 'todos' ? undefined : plazo)}
                data={VENCIMIENTO_PLAZOS.map((p) => ({ value: p, label: PLAZO_ETIQUETA[p] }))}
              />
            </Stack>
            {tipos.length > 1 && (
              <FilterSelect
                label={t.campos.tipo}
                value={list.query.tipo}
                options={tipos.map((tipo) => ({ value: tipo, label: VENCIMIENTO_TIPO_ETIQUETA[tipo] }))}
                onChange={(tipo) => list.setFilter('tipo', tipo)}
              />
            )}
          </>
        }
      />
    </>
  );
}
