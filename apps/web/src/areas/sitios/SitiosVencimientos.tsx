import { Anchor, Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconEdit, IconList, IconShieldCheck } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import {
  SITIO_VENCIMIENTO_SORT,
  SITIO_VENCIMIENTO_TIPO_ETIQUETA,
  SITIO_VENCIMIENTO_TIPOS,
  sitioVencimientoListQuery,
  type SitioVencimiento,
} from '@intranet/contract/areas/sitios';
import { diasRestantesTexto, PLAZO_ETIQUETA, VENCIMIENTO_PLAZOS } from '@intranet/contract/areas/clientes/vencimientos';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ClienteFilter } from '../../components/EntitySelect/ClienteSelect.tsx';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { EstadoChip } from '../../components/Vencimientos/EstadoChip.tsx';
import { MesesChart } from '../../components/Vencimientos/MesesChart.tsx';
import { formatFecha } from '../../core/format.ts';
import { useListState } from '../../core/list/useListState.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { sitiosVencimientosCsvUrl, sitiosVencimientosLoteUrl, useSitiosMeses, useSitiosVencimientos } from './api.ts';
import { sitiosMessages } from './messages.ts';
import { SITIOS_PATH } from './SitiosList.tsx';
import { useVerificar } from './useVerificar.ts';

const t = sitiosMessages.grid;

const baseColumns: ColumnDef<SitioVencimiento>[] = [
  {
    id: 'nombre',
    header: t.sitio,
    enableHiding: false,
    cell: ({ row }) => (
      <Stack gap={0}>
        <Anchor component={Link} to={`${SITIOS_PATH}/${row.original.sitio_id}`} size="sm" fw={600}>
          {row.original.nombre}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {row.original.url}
        </Text>
      </Stack>
    ),
  },
  { id: 'cliente', header: t.cliente, accessorFn: (r) => r.cliente ?? sitiosMessages.propio },
  { id: 'tipo', header: t.tipo, accessorFn: (r) => SITIO_VENCIMIENTO_TIPO_ETIQUETA[r.tipo] },
  { id: 'detalle', header: t.detalle, accessorFn: (r) => r.detalle ?? '' },
  {
    id: 'vence',
    header: t.vence,
    cell: ({ row }) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatFecha(row.original.vence)}
      </Text>
    ),
  },
  {
    id: 'dias',
    header: t.dias,
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
  { id: 'estado', header: t.estado, cell: ({ row }) => <EstadoChip dias={row.original.dias} /> },
];

const tipoOptions = SITIO_VENCIMIENTO_TIPOS.map((tipo) => ({
  value: tipo,
  label: SITIO_VENCIMIENTO_TIPO_ETIQUETA[tipo],
}));
const origenOptions = [
  { value: 'true', label: sitiosMessages.propios },
  { value: 'false', label: sitiosMessages.deClientes },
];

/**
 * `/soluciones/web/vencimientos`: SSL certificates and domains of the sites by due date, with the clients'
 * expiry grid's chip, quick filters and month chart. SSL rows can be checked again; domains are edited. The bulk
 * bar exports the rows chosen, or all that match: the rows are the sites' dates, so it neither deletes nor sets.
 */
export function SitiosVencimientos() {
  const list = useListState(sitioVencimientoListQuery);
  const filas = useSitiosVencimientos(list.apiParams);
  const meses = useSitiosMeses();
  const puedeEditar = usePermiso('SUBPROD#EDITAR');
  const verificar = useVerificar();
  const navigate = useNavigate();

  const acciones: ColumnDef<SitioVencimiento> = {
    id: 'acciones',
    header: t.acciones,
    enableHiding: false,
    cell: ({ row }) =>
      row.original.tipo === 'ssl' ? (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconShieldCheck size={14} />}
          loading={verificar.pending && verificar.variables === row.original.sitio_id}
          aria-label={`${sitiosMessages.verificar} ${row.original.nombre}`}
          onClick={() => verificar.run(row.original.sitio_id)}
        >
          {sitiosMessages.verificar}
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="subtle"
          component={Link}
          to={`${SITIOS_PATH}/${row.original.sitio_id}/editar`}
          leftSection={<IconEdit size={14} />}
        >
          {sitiosMessages.editar}
        </Button>
      ),
  };

  return (
    <>
      <PageHeader
        title={t.titulo}
        back={{ to: SITIOS_PATH, label: sitiosMessages.volver }}
        actions={
          <>
            <Button component={Link} to={SITIOS_PATH} variant="default" leftSection={<IconList size={16} />}>
              {t.lista}
            </Button>
            <ExportButton url={sitiosVencimientosCsvUrl(list.exportParams)} name="vencimientos-sitios" />
          </>
        }
      />
      <MesesChart meses={meses} />
      <DataTable
        label={t.tabla}
        tableId="sitios-vencimientos"
        columns={puedeEditar ? [...baseColumns, acciones] : baseColumns}
        sortable={SITIO_VENCIMIENTO_SORT}
        rows={filas.data?.items}
        total={filas.data?.total ?? 0}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => `${SITIO_VENCIMIENTO_TIPO_ETIQUETA[row.tipo]} de ${row.nombre}`}
        lote={{ url: sitiosVencimientosLoteUrl(), filtro: list.exportParams, nombre: 'vencimientos-sitios' }}
        loading={filas.isPending}
        fetching={filas.isPlaceholderData}
        error={filas.error}
        onRetry={() => void filas.refetch()}
        vivo={{ lista: 'sitios-vencimientos', refrescar: () => Promise.all([filas.refetch(), meses.refetch()]) }}
        onRowClick={(row) => void navigate(`${SITIOS_PATH}/${row.sitio_id}`)}
        emptyText={t.sinVencimientos}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <Stack gap={2} maw="100%">
              <Text size="sm" fw={500} id="plazo-sitios">
                {t.plazo}
              </Text>
              <SegmentedControl
                aria-labelledby="plazo-sitios"
                value={list.query.plazo ?? 'todos'}
                onChange={(plazo) => list.setFilter('plazo', plazo === 'todos' ? undefined : plazo)}
                data={VENCIMIENTO_PLAZOS.map((p) => ({ value: p, label: PLAZO_ETIQUETA[p] }))}
              />
            </Stack>
            <FilterSelect
              label={t.tipo}
              value={list.query.tipo}
              options={tipoOptions}
              onChange={(tipo) => list.setFilter('tipo', tipo)}
            />
            <FilterSelect
              label={sitiosMessages.origen}
              value={list.query.propios === undefined ? undefined : String(list.query.propios)}
              options={origenOptions}
              onChange={(v) => list.setFilter('propios', v)}
            />
            <ClienteFilter
              label={t.cliente}
              value={list.query.empresa_id}
              onChange={(id) => list.setFilter('empresa_id', id)}
            />
          </>
        }
      />
    </>
  );
}
