import { Anchor, Badge, Button } from '@mantine/core';
import { IconPlus, IconShieldLock } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import { PERSONA_SORT, personaListQuery, type Persona } from '@intranet/contract/areas/personas';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { ImportarButton } from '../../components/Importar/ImportarButton.tsx';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { personas as fuentePersonas } from '../../components/EntitySelect/PersonaSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { useListState } from '../../core/list/useListState.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { personasCsvUrl, personasKeys, personasUrl, useAreas, usePersonas } from './api.ts';
import { personasMessages as t } from './messages.ts';

export function ActivaBadge({ activo }: { activo: boolean }) {
  return (
    <Badge variant="light" color={activo ? 'green' : 'gray'}>
      {activo ? t.activa : t.inactiva}
    </Badge>
  );
}

const columns: ColumnDef<Persona>[] = [
  {
    id: 'apellido',
    header: t.campos.nombre_completo,
    enableHiding: false,
    cell: ({ row }) => (
      <Anchor component={Link} to={`/personas/${row.original.id}`} fw={600} size="sm">
        {row.original.nombre_completo}
      </Anchor>
    ),
  },
  { id: 'legajo', accessorKey: 'legajo', header: t.campos.legajo },
  { id: 'puesto', accessorKey: 'puesto', header: t.campos.puesto },
  { id: 'area', accessorKey: 'area', header: t.campos.area },
  { id: 'email', accessorKey: 'email', header: t.campos.email },
  { id: 'interno', accessorKey: 'interno', header: t.campos.interno },
  { id: 'telefono', accessorKey: 'telefono', header: t.campos.telefono },
  { id: 'responsable', accessorKey: 'responsable_nombre', header: t.campos.responsable_nombre },
  { id: 'usuario', accessorKey: 'usuario', header: t.campos.usuario },
  { id: 'maquinas_count', accessorKey: 'maquinas_count', header: t.campos.maquinas_count },
  { id: 'activo', header: t.estado, cell: ({ row }) => <ActivaBadge activo={row.original.activo} /> },
  { id: 'actualizado', header: t.campos.actualizado, accessorFn: (row) => formatFechaHora(row.actualizado) },
];

const activoOptions = [
  { value: 'true', label: t.activos.true },
  { value: 'false', label: t.activos.false },
];
const tipoOptions = [
  { value: 'personal', label: t.tipos.personal },
  { value: 'contacto', label: t.tipos.contacto },
];

/** `/personas`: staff and contacts, paged, sorted and filtered on the server, the view kept in the URL. */
export function PersonasList() {
  const list = useListState(personaListQuery);
  const personas = usePersonas(list.apiParams);
  const areas = useAreas();
  const administraCuentas = usePermiso('USUARIOS#ADMIN');
  const navigate = useNavigate();
  const activo = list.query.activo;

  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          <>
            {administraCuentas && (
              <Button
                component={Link}
                to="/personas/roles"
                variant="default"
                leftSection={<IconShieldLock size={16} />}
              >
                {t.roles}
              </Button>
            )}
            <ImportarButton
              importables={[
                {
                  url: personasUrl(),
                  nombre: 'personas',
                  que: 'personas',
                  invalidar: [personasKeys.all, ['auditoria']],
                },
              ]}
            />
            <ExportButton url={personasCsvUrl(list.exportParams)} name="personas" />
            <Button component={Link} to="/personas/nueva" leftSection={<IconPlus size={16} />}>
              {t.nueva}
            </Button>
          </>
        }
      />
      <DataTable
        label={t.tabla}
        tableId="personas"
        columns={columns}
        sortable={PERSONA_SORT}
        rows={personas.data?.items}
        total={personas.data?.total ?? 0}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.nombre_completo}
        loading={personas.isPending}
        fetching={personas.isPlaceholderData}
        error={personas.error}
        onRetry={() => void personas.refetch()}
        vivo={{ lista: 'personas', refrescar: personas.refetch }}
        onRowClick={(row) => void navigate(`/personas/${row.id}`)}
        lote={{
          url: personasUrl(),
          filtro: list.exportParams,
          nombre: 'personas',
          eliminar: true,
          campos: [
            { campo: 'activo', etiqueta: t.campos.activo, tipo: 'si_no' },
            { campo: 'area', etiqueta: t.campos.area },
            { campo: 'puesto', etiqueta: t.campos.puesto },
            { campo: 'responsable_id', etiqueta: t.campos.responsable_id, entidad: fuentePersonas },
          ],
        }}
        emptyText={t.sinPersonas}
        initiallyHidden={['telefono', 'interno', 'actualizado', 'usuario']}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <FilterSelect
              label={t.campos.area}
              value={list.query.area}
              options={(areas.data ?? []).map((a) => ({ value: a, label: a }))}
              onChange={(area) => list.setFilter('area', area)}
              searchable
            />
            <FilterSelect
              label={t.estado}
              value={activo === undefined ? undefined : String(activo)}
              options={activoOptions}
              onChange={(v) => list.setFilter('activo', v)}
            />
            <FilterSelect
              label={t.tipo}
              value={list.query.tipo}
              options={tipoOptions}
              onChange={(v) => list.setFilter('tipo', v)}
            />
          </>
        }
      />
    </>
  );
}
