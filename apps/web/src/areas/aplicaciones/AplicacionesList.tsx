import { Anchor, Button, Code, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import { APLICACION_SORT, aplicacionListQuery, type AplicacionFila } from '@intranet/contract/areas/aplicaciones';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { ImportarButton } from '../../components/Importar/ImportarButton.tsx';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { useListState } from '../../core/list/useListState.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { aplicacionesCsvUrl, aplicacionesKeys, aplicacionesUrl, useAplicaciones, useCategorias } from './api.ts';
import { AppIcon, PublicadaBadge } from './AppBadges.tsx';
import { aplicacionesMessages as t } from './messages.ts';

export const APK_PATH = '/soluciones/apk';

const columns: ColumnDef<AplicacionFila>[] = [
  {
    id: 'nombre',
    header: t.campos.nombre,
    enableHiding: false,
    cell: ({ row }) => (
      <Group gap="sm" wrap="nowrap">
        <AppIcon icono={row.original.icono} nombre={row.original.nombre} />
        <Anchor component={Link} to={`${APK_PATH}/${row.original.id}`} fw={600} size="sm">
          {row.original.nombre}
        </Anchor>
      </Group>
    ),
  },
  { id: 'package_name', header: t.campos.package_name, cell: ({ row }) => <Code>{row.original.package_name}</Code> },
  { id: 'categoria', accessorKey: 'categoria', header: t.campos.categoria },
  { id: 'ultima_version', header: t.campos.ultima_version, accessorFn: (row) => row.ultima_version ?? '—' },
  { id: 'versiones', accessorKey: 'versiones', header: t.campos.versiones },
  { id: 'descargas', accessorKey: 'descargas', header: t.campos.descargas },
  {
    id: 'publicada',
    header: t.campos.publicada,
    cell: ({ row }) => <PublicadaBadge publicada={row.original.publicada} />,
  },
  { id: 'actualizado', header: t.campos.actualizado, accessorFn: (row) => formatFechaHora(row.actualizado) },
];

const publicadaOptions = [
  { value: 'true', label: t.si },
  { value: 'false', label: t.no },
];

/** `/soluciones/apk`: the company's Android apps, paged, sorted and filtered on the server, the view in the URL. */
export function AplicacionesList() {
  const list = useListState(aplicacionListQuery);
  const aplicaciones = useAplicaciones(list.apiParams);
  const categorias = useCategorias();
  const puedeEditar = usePermiso('APP#EDITAR');
  const navigate = useNavigate();

  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          <>
            {puedeEditar && (
              <ImportarButton
                importables={[
                  {
                    url: aplicacionesUrl(),
                    nombre: 'aplicaciones',
                    que: 'aplicaciones',
                    invalidar: [aplicacionesKeys.all, ['auditoria']],
                  },
                ]}
              />
            )}
            <ExportButton url={aplicacionesCsvUrl(list.exportParams)} name="aplicaciones" />
            {puedeEditar && (
              <Button component={Link} to={`${APK_PATH}/nueva`} leftSection={<IconPlus size={16} />}>
                {t.nueva}
              </Button>
            )}
          </>
        }
      />
      <DataTable
        label={t.tabla}
        tableId="aplicaciones"
        columns={columns}
        sortable={APLICACION_SORT}
        rows={aplicaciones.data?.items}
        total={aplicaciones.data?.total ?? 0}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.nombre}
        loading={aplicaciones.isPending}
        fetching={aplicaciones.isPlaceholderData}
        error={aplicaciones.error}
        onRetry={() => void aplicaciones.refetch()}
        vivo={{ lista: 'aplicaciones', refrescar: aplicaciones.refetch }}
        onRowClick={(row) => void navigate(`${APK_PATH}/${row.id}`)}
        lote={{
          url: aplicacionesUrl(),
          filtro: list.exportParams,
          nombre: 'aplicaciones',
          eliminar: puedeEditar,
          campos: puedeEditar
            ? [
                { campo: 'publicada', etiqueta: t.campos.publicada, tipo: 'si_no' },
                { campo: 'categoria', etiqueta: t.campos.categoria },
              ]
            : undefined,
        }}
        emptyText={t.sinAplicaciones}
        initiallyHidden={['actualizado']}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <FilterSelect
              label={t.campos.categoria}
              value={list.query.categoria}
              options={(categorias.data ?? []).map((c) => ({ value: c, label: c }))}
              onChange={(categoria) => list.setFilter('categoria', categoria)}
              searchable
            />
            <FilterSelect
              label={t.campos.publicada}
              value={list.query.publicada === undefined ? undefined : String(list.query.publicada)}
              options={publicadaOptions}
              onChange={(publicada) => list.setFilter('publicada', publicada)}
            />
          </>
        }
      />
    </>
  );
}
