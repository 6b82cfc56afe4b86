import { Anchor, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import { ROL_SORT, rolListQuery, type Rol } from '@intranet/contract/areas/personas/usuarios';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { useListState } from '../../core/list/useListState.ts';
import { rolesUrl, useRoles } from './api.ts';
import { rolesMessages as t } from './messages.ts';

const columns: ColumnDef<Rol>[] = [
  {
    id: 'nombre',
    header: t.campos.nombre,
    enableHiding: false,
    cell: ({ row }) => (
      <Anchor component={Link} to={`/personas/roles/${row.original.id}`} fw={600} size="sm">
        {row.original.nombre}
      </Anchor>
    ),
  },
  { id: 'descripcion', accessorKey: 'descripcion', header: t.campos.descripcion },
  { id: 'permisos', header: t.campos.permisos, accessorFn: (row) => t.permisosN(row.permisos.length) },
  { id: 'usuarios_count', accessorKey: 'usuarios_count', header: t.campos.usuarios_count },
  { id: 'actualizado', header: t.campos.actualizado, accessorFn: (row) => formatFechaHora(row.actualizado) },
];

/** `/personas/roles`: the roles, each a named set of permission codes (USUARIOS#ADMIN). */
export function RolesList() {
  const list = useListState(rolListQuery);
  const roles = useRoles(list.apiParams);
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t.titulo}
        back={{ to: '/personas', label: t.volverPersonas }}
        actions={
          <Button component={Link} to="/personas/roles/nuevo" leftSection={<IconPlus size={16} />}>
            {t.nuevo}
          </Button>
        }
      />
      <DataTable
        label={t.tabla}
        tableId="roles"
        columns={columns}
        sortable={ROL_SORT}
        rows={roles.data?.items}
        total={roles.data?.total ?? 0}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.nombre}
        loading={roles.isPending}
        fetching={roles.isPlaceholderData}
        error={roles.error}
        onRetry={() => void roles.refetch()}
        onRowClick={(row) => void navigate(`/personas/roles/${row.id}`)}
        lote={{ url: rolesUrl(), filtro: list.exportParams, nombre: 'roles', eliminar: true }}
        emptyText={t.sinRoles}
        toolbar={<ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />}
      />
    </>
  );
}
