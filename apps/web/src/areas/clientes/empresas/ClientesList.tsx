import { Anchor, Badge, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import {
  CONDICIONES_IVA,
  CLIENTE_SORT,
  clienteListQuery,
  formatCuit,
  PROVINCIAS,
  type ClienteFila,
} from '@intranet/contract/areas/clientes';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../../components/ExportButton/ExportButton.tsx';
import { ImportarButton } from '../../../components/Importar/ImportarButton.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { ListSearch } from '../../../components/ListSearch.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatFechaHora } from '../../../core/format.ts';
import { useListState } from '../../../core/list/useListState.ts';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { clientesCsvUrl, clientesKeys, clientesUrl, servidoresClienteImportUrl, useClientes } from './api.ts';
import { clientesMessages as t } from './messages.ts';
import { VencimientoBadge } from './VencimientoBadge.tsx';

export const CLIENTES_PATH = '/clientes/lista';
export const clientePath = (id: number) => `/clientes/${id}`;

const columns: ColumnDef<ClienteFila>[] = [
  {
    id: 'razon_social',
    header: t.campos.razon_social,
    enableHiding: false,
    cell: ({ row }) => (
      <>
        <Anchor component={Link} to={clientePath(row.original.id)} fw={600} size="sm">
          {row.original.razon_social}
        </Anchor>
        {row.original.nombre_fantasia && (
          <Text size="xs" c="dimmed">
            {row.original.nombre_fantasia}
          </Text>
        )}
      </>
    ),
  },
  {
    id: 'cuit',
    header: t.campos.cuit,
    cell: ({ row }) => (
      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {formatCuit(row.original.cuit)}
      </Text>
    ),
  },
  { id: 'localidad', accessorKey: 'localidad', header: t.campos.localidad },
  { id: 'provincia', accessorKey: 'provincia', header: t.campos.provincia },
  { id: 'servidores_count', accessorKey: 'servidores_count', header: t.campos.servidores_count },
  { id: 'version_physis', accessorKey: 'version_physis', header: t.campos.version_physis },
  {
    id: 'proximo_vencimiento',
    header: t.campos.proximo_vencimiento,
    cell: ({ row }) => <VencimientoBadge vencimiento={row.original.proximo_vencimiento} />,
  },
  {
    id: 'activo',
    header: t.campos.activo,
    cell: ({ row }) => (
      <Badge
        variant="light"
        color={row.original.activo ? 'green' : 'gray'}
        title={row.original.activo ? t.activo : t.inactivo}
      >
        {row.original.activo ? t.si : t.no}
      </Badge>
    ),
  },
  { id: 'actualizado', header: t.campos.actualizado, accessorFn: (row) => formatFechaHora(row.actualizado) },
];

const provinciaOptions = PROVINCIAS.map((p) => ({ value: p, label: p }));
const activoOptions = [
  { value: 'true', label: t.activo },
  { value: 'false', label: t.inactivo },
];
const ivaOptions = CONDICIONES_IVA.map((c) => ({ value: c, label: t.condicionesIva[c] }));

/** `/clientes/lista`: the clients, paged, sorted and filtered on the server, the view kept in the URL. */
/** Clients, and their servers (each row names its client by CUIT); the API's address is known once configured. */
const importables = () => [
  { url: clientesUrl(), nombre: 'clientes', que: 'clientes', invalidar: [clientesKeys.all, ['auditoria']] },
  {
    url: servidoresClienteImportUrl(),
    nombre: 'servidores-de-clientes',
    que: 'servidores de clientes',
    invalidar: [clientesKeys.all, ['auditoria']],
  },
];

export function ClientesList() {
  const list = useListState(clienteListQuery);
  const clientes = useClientes(list.apiParams);
  const puedeEditar = usePermiso('CLIENTES#EDITAR');
  const navigate = useNavigate();

  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          <>
            {puedeEditar && <ImportarButton importables={importables()} />}
            <ExportButton url={clientesCsvUrl(list.exportParams)} name="clientes" />
            {puedeEditar && (
              <Button component={Link} to="/clientes/nuevo" leftSection={<IconPlus size={16} />}>
                {t.nuevo}
              </Button>
            )}
          </>
        }
      />
      <DataTable
        label={t.tabla}
        tableId="clientes"
        columns={columns}
        sortable={CLIENTE_SORT}
        rows={clientes.data?.items}
        total={clientes.data?.total ?? 0}
        totalExacto={clientes.data?.total_exacto}
        totalEstimado={clientes.data?.total_estimado}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.razon_social}
        loading={clientes.isPending}
        fetching={clientes.isPlaceholderData}
        error={clientes.error}
        onRetry={() => void clientes.refetch()}
        vivo={{ lista: 'clientes', refrescar: clientes.refetch }}
        onRowClick={(row) => void navigate(clientePath(row.id))}
        lote={{
          url: clientesUrl(),
          filtro: list.exportParams,
          nombre: 'clientes',
          eliminar: puedeEditar,
          campos: puedeEditar
            ? [
                { campo: 'activo', etiqueta: t.campos.activo, tipo: 'si_no' },
                { campo: 'provincia', etiqueta: t.campos.provincia, opciones: provinciaOptions },
                { campo: 'condicion_iva', etiqueta: t.campos.condicion_iva, opciones: ivaOptions },
                { campo: 'localidad', etiqueta: t.campos.localidad },
              ]
            : undefined,
        }}
        emptyText={t.sinClientes}
        initiallyHidden={['provincia', 'actualizado']}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <FilterSelect
              label={t.campos.provincia}
              value={list.query.provincia}
              options={provinciaOptions}
              onChange={(v) => list.setFilter('provincia', v)}
              searchable
            />
            <FilterSelect
              label={t.campos.activo}
              value={list.query.activo === undefined ? undefined : String(list.query.activo)}
              options={activoOptions}
              onChange={(v) => list.setFilter('activo', v)}
            />
            <FilterSelect
              label={t.campos.condicion_iva}
              value={list.query.condicion_iva}
              options={ivaOptions}
              onChange={(v) => list.setFilter('condicion_iva', v)}
            />
          </>
        }
      />
    </>
  );
}
