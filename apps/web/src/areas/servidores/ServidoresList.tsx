import { Anchor, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import { SERVIDOR_ESTADOS, SERVIDOR_SORT, servidorListQuery, type Servidor } from '@intranet/contract/areas/servidores';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { useDeleteFlow } from '../../components/DeleteAction.tsx';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { ImportarButton } from '../../components/Importar/ImportarButton.tsx';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { useListState } from '../../core/list/useListState.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import {
  servidoresCsvUrl,
  servidoresKeys,
  servidoresUrl,
  useEliminarServidores,
  useProveedores,
  useServidores,
} from './api.ts';
import { EstadoBadge } from './EstadoBadge.tsx';
import { servidoresMessages as t } from './messages.ts';

const columns: ColumnDef<Servidor>[] = [
  {
    id: 'nombre',
    header: t.campos.nombre,
    enableHiding: false,
    cell: ({ row }) => (
      <Anchor component={Link} to={`/servidores/${row.original.id}`} fw={600} size="sm">
        {row.original.nombre}
      </Anchor>
    ),
  },
  { id: 'hostname', accessorKey: 'hostname', header: t.campos.hostname },
  { id: 'ip_publica', accessorKey: 'ip_publica', header: t.campos.ip_publica },
  { id: 'ip_privada', accessorKey: 'ip_privada', header: t.campos.ip_privada },
  { id: 'proveedor', accessorKey: 'proveedor', header: t.campos.proveedor },
  { id: 'rol', accessorKey: 'rol', header: t.campos.rol },
  { id: 'so', accessorKey: 'so', header: t.campos.so },
  { id: 'estado', header: t.campos.estado, cell: ({ row }) => <EstadoBadge estado={row.original.estado} /> },
  { id: 'dns_count', header: t.campos.dns_count, accessorFn: (row) => row.dnss.length },
  { id: 'actualizado', header: t.campos.actualizado, accessorFn: (row) => formatFechaHora(row.actualizado) },
];

const estadoOptions = SERVIDOR_ESTADOS.map((estado) => ({ value: estado, label: t.estados[estado] }));

/** `/servidores`: the servers, paged, sorted and filtered on the server, the view kept in the URL. */
export function ServidoresList() {
  const list = useListState(servidorListQuery);
  const servidores = useServidores(list.apiParams);
  const proveedores = useProveedores();
  const puedeEditar = usePermiso('SER#EDITAR');
  const eliminar = useEliminarServidores();
  const navigate = useNavigate();

  const borrar = useDeleteFlow();
  const eliminarSeleccionados = (rows: Servidor[]) => {
    const dns = rows.reduce((sum, row) => sum + row.dnss.length, 0);
    void borrar.run({
      confirm: { title: t.eliminarVariosTitulo, message: t.eliminarVariosTexto(rows.length, dns) },
      run: () => eliminar.mutateAsync({ ids: rows.map((row) => row.id), cascada: dns > 0 }),
      done: (n) => ({ title: t.eliminado, message: t.eliminados(n) }),
      errorTitle: t.errorEliminar,
    });
  };

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
                    url: servidoresUrl(),
                    nombre: 'servidores',
                    que: 'servidores',
                    invalidar: [servidoresKeys.all, ['auditoria']],
                  },
                ]}
              />
            )}
            <ExportButton url={servidoresCsvUrl(list.exportParams)} name="servidores" />
            {puedeEditar && (
              <Button component={Link} to="/servidores/nuevo" leftSection={<IconPlus size={16} />}>
                {t.nuevo}
              </Button>
            )}
          </>
        }
      />
      <DataTable
        label={t.tabla}
        tableId="servidores"
        columns={columns}
        sortable={SERVIDOR_SORT}
        rows={servidores.data?.items}
        total={servidores.data?.total ?? 0}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.nombre}
        loading={servidores.isPending}
        fetching={servidores.isPlaceholderData}
        error={servidores.error}
        onRetry={() => void servidores.refetch()}
        vivo={{ lista: 'servidores', refrescar: servidores.refetch }}
        onRowClick={(row) => void navigate(`/servidores/${row.id}`)}
        onDeleteSelected={puedeEditar ? eliminarSeleccionados : undefined}
        lote={{
          url: servidoresUrl(),
          filtro: list.exportParams,
          nombre: 'servidores',
          eliminar: false,
          campos: puedeEditar
            ? [
                { campo: 'estado', etiqueta: t.campos.estado, opciones: estadoOptions },
                { campo: 'proveedor', etiqueta: t.campos.proveedor },
                { campo: 'rol', etiqueta: t.campos.rol },
                { campo: 'so', etiqueta: t.campos.so },
              ]
            : undefined,
        }}
        emptyText={t.sinServidores}
        initiallyHidden={['ip_privada', 'so', 'rol']}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <FilterSelect
              label={t.campos.estado}
              value={list.query.estado}
              options={estadoOptions}
              onChange={(estado) => list.setFilter('estado', estado)}
            />
            <FilterSelect
              label={t.campos.proveedor}
              value={list.query.proveedor}
              options={(proveedores.data ?? []).map((p) => ({ value: p, label: p }))}
              onChange={(proveedor) => list.setFilter('proveedor', proveedor)}
              searchable
            />
          </>
        }
      />
    </>
  );
}
