import { Anchor, Badge, Button } from '@mantine/core';
import { IconHistory, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import {
  VERSION_CANALES,
  VERSION_ESTADOS,
  VERSION_SORT,
  versionListQuery,
  type VersionFila,
} from '@intranet/contract/areas/versiones';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { ImportarButton } from '../../components/Importar/ImportarButton.tsx';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { useListState } from '../../core/list/useListState.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { useVersiones, useVersionProductos, versionesCsvUrl, versionesKeys, versionesUrl } from './api.ts';
import { EstadoBadge } from './EstadoBadge.tsx';
import { versionesMessages as t } from './messages.ts';

const columns: ColumnDef<VersionFila>[] = [
  { id: 'producto', accessorKey: 'producto', header: t.campos.producto },
  {
    id: 'numero',
    header: t.campos.numero,
    enableHiding: false,
    cell: ({ row }) => (
      <Anchor component={Link} to={`/versiones/${row.original.id}`} fw={600} size="sm">
        {row.original.numero}
      </Anchor>
    ),
  },
  {
    id: 'canal',
    header: t.campos.canal,
    cell: ({ row }) => (
      <Badge variant="outline" color="gray">
        {t.canales[row.original.canal]}
      </Badge>
    ),
  },
  { id: 'estado', header: t.campos.estado, cell: ({ row }) => <EstadoBadge estado={row.original.estado} /> },
  {
    id: 'fecha_publicacion',
    header: t.campos.fecha_publicacion,
    accessorFn: (row) => (row.fecha_publicacion ? formatFechaHora(row.fecha_publicacion) : '—'),
  },
  { id: 'assets', accessorKey: 'assets', header: t.campos.assets, enableSorting: false },
  { id: 'actualizado', header: t.campos.actualizado, accessorFn: (row) => formatFechaHora(row.actualizado) },
];

const canalOptions = VERSION_CANALES.map((canal) => ({ value: canal, label: t.canales[canal] }));
const estadoOptions = VERSION_ESTADOS.map((estado) => ({ value: estado, label: t.estados[estado] }));

/** `/versiones`: every product's versions (or one product's, with the filter), the view kept in the URL. */
export function VersionesList() {
  const list = useListState(versionListQuery);
  const versiones = useVersiones(list.apiParams);
  const productos = useVersionProductos();
  const puedeEditar = usePermiso('VERSIONES#EDITAR');
  const navigate = useNavigate();
  const producto = list.query.producto;

  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          <>
            <Button
              component={Link}
              to={producto ? `/versiones/changelog/${producto}` : '/versiones/changelog'}
              variant="default"
              leftSection={<IconHistory size={16} />}
            >
              {t.changelog}
            </Button>
            {puedeEditar && (
              <ImportarButton
                importables={[
                  {
                    url: versionesUrl(),
                    nombre: 'versiones',
                    que: 'versiones',
                    invalidar: [versionesKeys.all, ['auditoria']],
                  },
                ]}
              />
            )}
            <ExportButton url={versionesCsvUrl(list.exportParams)} name="versiones" />
            {puedeEditar && (
              <Button
                component={Link}
                to={producto ? `/versiones/nueva?producto=${producto}` : '/versiones/nueva'}
                leftSection={<IconPlus size={16} />}
              >
                {t.nueva}
              </Button>
            )}
          </>
        }
      />
      <DataTable
        label={t.tabla}
        tableId="versiones"
        columns={columns}
        sortable={VERSION_SORT}
        rows={versiones.data?.items}
        total={versiones.data?.total ?? 0}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => t.nombreVersion(row.producto, row.numero)}
        loading={versiones.isPending}
        fetching={versiones.isPlaceholderData}
        error={versiones.error}
        onRetry={() => void versiones.refetch()}
        vivo={{ lista: 'versiones', refrescar: versiones.refetch }}
        onRowClick={(row) => void navigate(`/versiones/${row.id}`)}
        lote={{
          url: versionesUrl(),
          filtro: list.exportParams,
          nombre: 'versiones',
          eliminar: puedeEditar,
          campos: puedeEditar
            ? [
                { campo: 'estado', etiqueta: t.campos.estado, opciones: estadoOptions },
                { campo: 'canal', etiqueta: t.campos.canal, opciones: canalOptions },
              ]
            : undefined,
        }}
        emptyText={t.sinVersiones}
        initiallyHidden={['actualizado']}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <FilterSelect
              label={t.campos.producto}
              value={producto === undefined ? undefined : String(producto)}
              options={(productos.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))}
              onChange={(value) => list.setFilter('producto', value)}
              searchable
            />
            <FilterSelect
              label={t.campos.canal}
              value={list.query.canal}
              options={canalOptions}
              onChange={(canal) => list.setFilter('canal', canal)}
            />
            <FilterSelect
              label={t.campos.estado}
              value={list.query.estado}
              options={estadoOptions}
              onChange={(estado) => list.setFilter('estado', estado)}
            />
          </>
        }
      />
    </>
  );
}
