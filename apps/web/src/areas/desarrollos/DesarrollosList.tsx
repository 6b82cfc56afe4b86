import { Anchor, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import {
  DESARROLLO_ESTADOS,
  DESARROLLO_PRIORIDADES,
  DESARROLLO_SORT,
  desarrolloListQuery,
  type DesarrolloFila,
} from '@intranet/contract/areas/desarrollos';
import { personas } from '../../components/EntitySelect/PersonaSelect.tsx';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { ImportarButton } from '../../components/Importar/ImportarButton.tsx';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFecha, formatFechaHora } from '../../core/format.ts';
import { useListState } from '../../core/list/useListState.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { desarrollosCsvUrl, desarrollosKeys, desarrollosUrl, useDesarrollos } from './api.ts';
import { Compromiso, EstadoBadge, PrioridadBadge } from './Badges.tsx';
import { DESARROLLOS_PATH, FiltrosComunes, VistaSwitch } from './Filtros.tsx';
import { desarrollosMessages as t } from './messages.ts';

const columns: ColumnDef<DesarrolloFila>[] = [
  {
    id: 'titulo',
    header: t.campos.titulo,
    enableHiding: false,
    cell: ({ row }) => (
      <Anchor component={Link} to={`${DESARROLLOS_PATH}/${row.original.id}`} fw={600} size="sm">
        {row.original.titulo}
      </Anchor>
    ),
  },
  {
    id: 'empresa',
    header: t.campos.empresa,
    cell: ({ row }) =>
      row.original.empresa ?? (
        <Text span size="sm" c="dimmed">
          {t.interno}
        </Text>
      ),
  },
  { id: 'producto', accessorKey: 'producto', header: t.campos.producto },
  { id: 'estado', header: t.campos.estado, cell: ({ row }) => <EstadoBadge estado={row.original.estado} /> },
  {
    id: 'prioridad',
    header: t.campos.prioridad,
    cell: ({ row }) => <PrioridadBadge prioridad={row.original.prioridad} />,
  },
  { id: 'responsable', accessorKey: 'responsable', header: t.campos.responsable },
  {
    id: 'fecha_solicitud',
    header: t.campos.fecha_solicitud,
    accessorFn: (row) => row.fecha_solicitud && formatFecha(row.fecha_solicitud),
  },
  {
    id: 'fecha_compromiso',
    header: t.campos.fecha_compromiso,
    cell: ({ row }) => <Compromiso fecha={row.original.fecha_compromiso} vencido={row.original.vencido} />,
  },
  {
    id: 'fecha_entrega',
    header: t.campos.fecha_entrega,
    accessorFn: (row) => row.fecha_entrega && formatFecha(row.fecha_entrega),
  },
  { id: 'version', accessorKey: 'version', header: t.campos.version },
  { id: 'horas', header: `${t.campos.horas_reales} / ${t.campos.horas_estimadas}`, accessorFn: (row) => horas(row) },
  { id: 'actualizado', header: t.campos.actualizado, accessorFn: (row) => formatFechaHora(row.actualizado) },
];

const horas = (d: DesarrolloFila) =>
  d.horas_estimadas === null && d.horas_reales === null
    ? null
    : `${d.horas_reales ?? '—'} / ${d.horas_estimadas ?? '—'}`;

const estadoOptions = DESARROLLO_ESTADOS.map((estado) => ({ value: estado, label: t.estados[estado] }));
const prioridadOptions = DESARROLLO_PRIORIDADES.map((p) => ({ value: p, label: t.prioridades[p] }));

/** `/desarrollos`: the developments, paged, sorted and filtered on the server, the view kept in the URL. */
export function DesarrollosList() {
  const list = useListState(desarrolloListQuery);
  const desarrollos = useDesarrollos(list.apiParams);
  const puedeEditar = usePermiso('DESARROLLOS#EDITAR');
  const navigate = useNavigate();

  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          <>
            <VistaSwitch />
            {puedeEditar && (
              <ImportarButton
                importables={[
                  {
                    url: desarrollosUrl(),
                    nombre: 'desarrollos',
                    que: 'desarrollos',
                    invalidar: [desarrollosKeys.all, ['auditoria']],
                  },
                ]}
              />
            )}
            <ExportButton url={desarrollosCsvUrl(list.exportParams)} name="desarrollos" />
            {puedeEditar && (
              <Button component={Link} to={`${DESARROLLOS_PATH}/nuevo`} leftSection={<IconPlus size={16} />}>
                {t.nuevo}
              </Button>
            )}
          </>
        }
      />
      <DataTable
        label={t.tabla}
        tableId="desarrollos"
        columns={columns}
        sortable={DESARROLLO_SORT}
        rows={desarrollos.data?.items}
        total={desarrollos.data?.total ?? 0}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.titulo}
        loading={desarrollos.isPending}
        fetching={desarrollos.isPlaceholderData}
        error={desarrollos.error}
        onRetry={() => void desarrollos.refetch()}
        vivo={{ lista: 'desarrollos', refrescar: desarrollos.refetch }}
        onRowClick={(row) => void navigate(`${DESARROLLOS_PATH}/${row.id}`)}
        lote={{
          url: desarrollosUrl(),
          filtro: list.exportParams,
          nombre: 'desarrollos',
          eliminar: puedeEditar,
          campos: puedeEditar
            ? [
                { campo: 'estado', etiqueta: t.campos.estado, opciones: estadoOptions },
                { campo: 'prioridad', etiqueta: t.campos.prioridad, opciones: prioridadOptions },
                { campo: 'responsable_id', etiqueta: t.campos.responsable_id, entidad: personas },
                { campo: 'fecha_compromiso', etiqueta: t.campos.fecha_compromiso, tipo: 'fecha' },
              ]
            : undefined,
        }}
        emptyText={t.sinDesarrollos}
        initiallyHidden={['fecha_entrega', 'version', 'horas', 'actualizado']}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <FilterSelect
              label={t.campos.estado}
              value={list.query.estado}
              options={estadoOptions}
              onChange={(e) => list.setFilter('estado', e)}
            />
            <FiltrosComunes list={list} />
          </>
        }
      />
    </>
  );
}
