import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconCalendarDue, IconPlus, IconShieldCheck } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import { SITIO_ESTADOS, SITIO_SORT, sitioListQuery, type SitioFila } from '@intranet/contract/areas/sitios';
import { ESTADO_ETIQUETA, VENCIMIENTO_ESTADOS } from '@intranet/contract/areas/clientes/vencimientos';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ClienteFilter } from '../../components/EntitySelect/ClienteSelect.tsx';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { ImportarButton } from '../../components/Importar/ImportarButton.tsx';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { useListState } from '../../core/list/useListState.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { sitiosCsvUrl, sitiosKeys, sitiosUrl, useSitioOpciones, useSitios } from './api.ts';
import { EstadoSitioBadge, ResultadoBadge, VenceCelda } from './Chips.tsx';
import { sitiosMessages as t } from './messages.ts';
import { useVerificar, useVerificarVarios } from './useVerificar.ts';

export const SITIOS_PATH = '/soluciones/web';

const baseColumns: ColumnDef<SitioFila>[] = [
  {
    id: 'nombre',
    header: t.campos.nombre,
    enableHiding: false,
    cell: ({ row }) => (
      <Stack gap={0}>
        <Anchor component={Link} to={`${SITIOS_PATH}/${row.original.id}`} fw={600} size="sm">
          {row.original.nombre}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {row.original.url}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'url',
    header: t.campos.url,
    cell: ({ row }) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.original.url}
      </Text>
    ),
  },
  { id: 'cliente', header: t.campos.cliente, accessorFn: (s) => s.cliente ?? t.propio },
  { id: 'servidor', header: t.campos.servidor, accessorFn: (s) => s.servidor ?? '' },
  { id: 'estado', header: t.campos.estado, cell: ({ row }) => <EstadoSitioBadge estado={row.original.estado} /> },
  {
    id: 'ssl_vence',
    header: t.campos.ssl_vence,
    cell: ({ row }) => <VenceCelda vence={row.original.ssl_vence} dias={row.original.ssl_dias} />,
  },
  {
    id: 'dominio_vence',
    header: t.campos.dominio_vence,
    cell: ({ row }) => <VenceCelda vence={row.original.dominio_vence} dias={row.original.dominio_dias} />,
  },
  {
    id: 'verificado_en',
    header: t.campos.verificado_en,
    cell: ({ row }) => (
      <Stack gap={2} align="flex-start">
        <ResultadoBadge resultado={row.original.verificacion_resultado} mensaje={row.original.verificacion_mensaje} />
        {row.original.verificado_en && (
          <Text size="xs" c="dimmed">
            {formatFechaHora(row.original.verificado_en)}
          </Text>
        )}
      </Stack>
    ),
  },
  { id: 'actualizado', header: t.campos.actualizado, accessorFn: (s) => formatFechaHora(s.actualizado) },
];

const estadoOptions = SITIO_ESTADOS.map((e) => ({ value: e, label: t.estados[e] }));
const vencimientoOptions = VENCIMIENTO_ESTADOS.map((e) => ({ value: e, label: ESTADO_ETIQUETA[e] }));
const origenOptions = [
  { value: 'true', label: t.propios },
  { value: 'false', label: t.deClientes },
];

/** `/soluciones/web`: the sites, paged, sorted and filtered on the server, the view kept in the URL. */
export function SitiosList() {
  const list = useListState(sitioListQuery);
  const sitios = useSitios(list.apiParams);
  const opciones = useSitioOpciones();
  const puedeEditar = usePermiso('SUBPROD#EDITAR');
  const verificar = useVerificar();
  const verificarVarios = useVerificarVarios();
  const navigate = useNavigate();

  const columns: ColumnDef<SitioFila>[] = puedeEditar
    ? [
        ...baseColumns,
        {
          id: 'acciones',
          header: '',
          enableHiding: false,
          cell: ({ row }) => (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconShieldCheck size={14} />}
              loading={verificar.pending && verificar.variables === row.original.id}
              aria-label={`${t.verificar} ${row.original.nombre}`}
              onClick={() => verificar.run(row.original.id)}
            >
              {t.verificar}
            </Button>
          ),
        },
      ]
    : baseColumns;

  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          <>
            <Button
              component={Link}
              to={`${SITIOS_PATH}/vencimientos`}
              variant="default"
              leftSection={<IconCalendarDue size={16} />}
            >
              {t.vencimientos}
            </Button>
            {puedeEditar && (
              <ImportarButton
                importables={[
                  { url: sitiosUrl(), nombre: 'sitios', que: 'sitios web', invalidar: [sitiosKeys.all, ['auditoria']] },
                ]}
              />
            )}
            <ExportButton url={sitiosCsvUrl(list.exportParams)} name="sitios" />
            {puedeEditar && (
              <Button component={Link} to={`${SITIOS_PATH}/nuevo`} leftSection={<IconPlus size={16} />}>
                {t.nuevo}
              </Button>
            )}
          </>
        }
      />
      <DataTable
        label={t.tabla}
        tableId="sitios"
        columns={columns}
        sortable={SITIO_SORT}
        rows={sitios.data?.items}
        total={sitios.data?.total ?? 0}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.nombre}
        loading={sitios.isPending}
        fetching={sitios.isPlaceholderData}
        error={sitios.error}
        onRetry={() => void sitios.refetch()}
        vivo={{ lista: 'sitios', refrescar: sitios.refetch }}
        onRowClick={(row) => void navigate(`${SITIOS_PATH}/${row.id}`)}
        selectionActions={
          puedeEditar
            ? (rows) => (
                <Button
                  variant="light"
                  leftSection={<IconShieldCheck size={16} />}
                  loading={verificarVarios.pending}
                  onClick={() => verificarVarios.run(rows.map((r) => r.id))}
                >
                  {t.verificarSeleccionados} ({rows.length})
                </Button>
              )
            : undefined
        }
        lote={{
          url: sitiosUrl(),
          filtro: list.exportParams,
          nombre: 'sitios',
          eliminar: puedeEditar,
          campos: puedeEditar
            ? [
                { campo: 'estado', etiqueta: t.campos.estado, opciones: estadoOptions },
                { campo: 'registrador', etiqueta: t.campos.registrador },
              ]
            : undefined,
        }}
        emptyText={t.sinSitios}
        initiallyHidden={['actualizado', 'url']}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <FilterSelect
              label={t.origen}
              value={list.query.propios === undefined ? undefined : String(list.query.propios)}
              options={origenOptions}
              onChange={(v) => list.setFilter('propios', v)}
            />
            <ClienteFilter
              label={t.campos.cliente}
              value={list.query.empresa_id}
              onChange={(id) => list.setFilter('empresa_id', id)}
            />
            <FilterSelect
              label={t.campos.servidor}
              value={list.query.servidor_id === undefined ? undefined : String(list.query.servidor_id)}
              options={(opciones.data?.servidores ?? []).map((s) => ({ value: String(s.id), label: s.nombre }))}
              onChange={(v) => list.setFilter('servidor_id', v)}
              searchable
            />
            <FilterSelect
              label={t.campos.estado}
              value={list.query.estado}
              options={estadoOptions}
              onChange={(v) => list.setFilter('estado', v)}
            />
            <FilterSelect
              label={t.vencimiento}
              value={list.query.vencimiento}
              options={vencimientoOptions}
              onChange={(v) => list.setFilter('vencimiento', v)}
            />
          </>
        }
      />
    </>
  );
}
