import { Anchor, Button, Select, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconRefresh, IconSettings } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import {
  ISSUE_ESTADO_NOMBRES,
  ISSUE_ESTADOS,
  ISSUE_SORT,
  issueListQuery,
  NIVELES,
  type Issue,
  type IssueEstado,
  type IssueIgnorar,
} from '@intranet/contract/areas/insights';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatNumero } from '../../core/format.ts';
import { useListState } from '../../core/list/useListState.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import {
  issuesCsvUrl,
  useAsignarIssues,
  useEstadoIssues,
  useFiltros,
  useIgnorarIssues,
  useIssues,
  useProyectos,
} from './api.ts';
import { AsignacionSelect, type Asignacion } from './AsignacionSelect.tsx';
import { Culprit, EstadoIssueBadge, FechaRelativa, NivelBadge } from './badges.tsx';
import { IgnorarMenu } from './IgnorarMenu.tsx';
import { insightsMessages as t } from './messages.ts';
import { SerieSparkline } from './SerieSparkline.tsx';

/**
 * A release on at most two lines, broken only before its '@' ('portal-clientes' / '@2.4.0'): kept on one line,
 * it widened the list past a 1440 px screen.
 */
function Release({ texto }: { texto: string | null }) {
  const [nombre, ...version] = (texto ?? '—').split('@');
  return (
    <Text size="sm">
      <span style={{ whiteSpace: 'nowrap' }}>{nombre}</span>
      {version.length > 0 && (
        <>
          <wbr />
          <span style={{ whiteSpace: 'nowrap' }}>@{version.join('@')}</span>
        </>
      )}
    </Text>
  );
}

const columns: ColumnDef<Issue>[] = [
  {
    id: 'titulo',
    header: t.campos.titulo,
    enableHiding: false,
    cell: ({ row }) => (
      <Stack gap={0} miw={220} maw={520}>
        <Anchor
          component={Link}
          to={`/insights/${row.original.id}`}
          fw={600}
          size="sm"
          lineClamp={2}
          style={{ overflowWrap: 'anywhere' }}
        >
          {row.original.titulo}
        </Anchor>
        <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {row.original.proyecto_nombre}
          {row.original.culprit && (
            <Text span inherit ff="monospace">
              {' · '}
              <Culprit issue={row.original} />
            </Text>
          )}
        </Text>
      </Stack>
    ),
  },
  { id: 'nivel', header: t.campos.nivel, cell: ({ row }) => <NivelBadge nivel={row.original.nivel} /> },
  { id: 'estado', header: t.campos.estado, cell: ({ row }) => <EstadoIssueBadge estado={row.original.estado} /> },
  {
    id: 'cantidad',
    header: t.campos.cantidad,
    cell: ({ row }) => (
      <Text size="sm" fw={600} ta="right">
        {formatNumero(row.original.cantidad)}
      </Text>
    ),
  },
  { id: 'serie', header: t.campos.serie, cell: ({ row }) => <SerieSparkline serie={row.original.serie} /> },
  {
    id: 'primera_vez',
    header: t.campos.primera_vez,
    cell: ({ row }) => <FechaRelativa fecha={row.original.primera_vez} />,
  },
  {
    id: 'ultima_vez',
    header: t.campos.ultima_vez,
    cell: ({ row }) => <FechaRelativa fecha={row.original.ultima_vez} />,
  },
  {
    id: 'release',
    header: t.campos.releaseEntorno,
    cell: ({ row }) => (
      <>
        <Release texto={row.original.release} />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {row.original.environment ?? '—'}
        </Text>
      </>
    ),
  },
  {
    id: 'asignado',
    header: t.campos.asignado,
    accessorFn: (row) => row.asignado?.nombre ?? (row.asignado_rol ? t.equipo(row.asignado_rol.nombre) : ''),
  },
];

const estadoOptions = ISSUE_ESTADOS.map((estado) => ({ value: estado, label: ISSUE_ESTADO_NOMBRES[estado] }));
const nivelOptions = NIVELES.map((nivel) => ({ value: nivel, label: t.niveles[nivel] }));
/** The orders staff pick from (the column headers sort by any sortable column too). */
const ordenOptions = [
  { value: '-ultima_vez', label: t.orden.ultima_vez },
  { value: '-primera_vez', label: t.orden.primera_vez },
  { value: '-cantidad', label: t.orden.cantidad },
];
const ORDEN_POR_DEFECTO = '-ultima_vez';

const asOptions = (values: string[] | undefined) => (values ?? []).map((value) => ({ value, label: value }));

/** `/insights`: the grouped errors, paged, sorted and filtered on the server, the view kept in the URL. */
export function IssuesList() {
  const list = useListState(issueListQuery);
  const issues = useIssues(list.apiParams);
  const filtros = useFiltros();
  const proyectos = useProyectos();
  const puedeEditar = usePermiso('INSIGHTS#EDITAR');
  const cambiarEstado = useEstadoIssues();
  const asignarIssues = useAsignarIssues();
  const ignorarIssues = useIgnorarIssues();
  const navigate = useNavigate();

  const asignar = (rows: Issue[], { asignado_id, asignado_rol_id, nombre }: Asignacion) =>
    asignarIssues.mutate(
      { ids: rows.map((row) => row.id), asignado_id, asignado_rol_id },
      {
        onSuccess: (n) =>
          notifications.show({ color: 'green', title: t.estadoCambiado, message: t.asignadosTexto(n, nombre) }),
        onError: (error) => notifications.show({ color: 'red', title: t.errorCambiar, message: error.message }),
      },
    );

  const aplicar = (rows: Issue[], estado: IssueEstado) =>
    cambiarEstado.mutate(
      { ids: rows.map((row) => row.id), estado },
      {
        onSuccess: (n) =>
          notifications.show({ color: 'green', title: t.estadoCambiado, message: t.estadoCambiadoTexto(n) }),
        onError: (error) => notifications.show({ color: 'red', title: t.errorCambiar, message: error.message }),
      },
    );

  const ignorar = async (rows: Issue[], condicion: IssueIgnorar) => {
    const n = await ignorarIssues.mutateAsync({ ids: rows.map((row) => row.id), condicion });
    notifications.show({ color: 'green', title: t.estadoCambiado, message: t.estadoCambiadoTexto(n) });
  };

  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          <>
            <ExportButton url={issuesCsvUrl(list.exportParams)} name="errores" />
            <Button
              component={Link}
              to="/insights/proyectos"
              variant="default"
              leftSection={<IconSettings size={16} />}
            >
              {t.proyectosBoton}
            </Button>
          </>
        }
      />
      <DataTable
        label={t.tabla}
        tableId="insights-issues"
        columns={columns}
        sortable={ISSUE_SORT}
        ordenPropio
        rows={issues.data?.items}
        total={issues.data?.total ?? 0}
        totalExacto={issues.data?.total_exacto}
        totalEstimado={issues.data?.total_estimado}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.titulo}
        loading={issues.isPending}
        fetching={issues.isPlaceholderData}
        error={issues.error}
        onRetry={() => void issues.refetch()}
        vivo={{ lista: 'insights-issues', refrescar: issues.refetch }}
        onRowClick={(row) => void navigate(`/insights/${row.id}`)}
        selectionActions={
          puedeEditar
            ? (rows) => (
                <>
                  <Button
                    variant="light"
                    color="green"
                    leftSection={<IconCheck size={16} />}
                    loading={cambiarEstado.isPending}
                    onClick={() => aplicar(rows, 'resolved')}
                  >
                    {t.resolver} ({rows.length})
                  </Button>
                  <IgnorarMenu
                    ignorar={(condicion) => ignorar(rows, condicion)}
                    loading={ignorarIssues.isPending}
                    label={`${t.ignorar} (${rows.length})`}
                  />
                  <AsignacionSelect
                    label={t.asignarVarios(rows.length)}
                    onChange={(a) => asignar(rows, a)}
                    w={{ base: '100%', sm: 220 }}
                  />
                  {rows.some((row) => row.estado !== 'unresolved') && (
                    <Button
                      variant="light"
                      leftSection={<IconRefresh size={16} />}
                      loading={cambiarEstado.isPending}
                      onClick={() => aplicar(rows, 'unresolved')}
                    >
                      {t.reabrir} ({rows.length})
                    </Button>
                  )}
                </>
              )
            : undefined
        }
        emptyText={t.sinIssues}
        initiallyHidden={['asignado']}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <Switch
              label={t.misIncidencias}
              checked={list.query.mias === '1'}
              onChange={(e) => list.setFilter('mias', e.currentTarget.checked ? '1' : undefined)}
              style={{ alignSelf: 'flex-end', paddingBottom: 8 }}
            />
            <Select
              label={t.ordenarPor}
              data={ordenOptions}
              value={
                ordenOptions.some((o) => o.value === (list.sort ?? ORDEN_POR_DEFECTO))
                  ? (list.sort ?? ORDEN_POR_DEFECTO)
                  : null
              }
              onChange={(sort) => list.setSort(sort === ORDEN_POR_DEFECTO ? undefined : (sort ?? undefined))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', sm: 160 }}
            />
            <FilterSelect
              label={t.campos.proyecto}
              value={list.query.proyecto_id === undefined ? undefined : String(list.query.proyecto_id)}
              options={(proyectos.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))}
              onChange={(id) => list.setFilter('proyecto_id', id)}
              searchable
            />
            <FilterSelect
              label={t.campos.estado}
              value={list.query.estado}
              options={estadoOptions}
              onChange={(v) => list.setFilter('estado', v)}
            />
            <FilterSelect
              label={t.campos.nivel}
              value={list.query.nivel}
              options={nivelOptions}
              onChange={(v) => list.setFilter('nivel', v)}
            />
            <FilterSelect
              label={t.campos.environment}
              value={list.query.environment}
              options={asOptions(filtros.data?.environments)}
              onChange={(v) => list.setFilter('environment', v)}
              searchable
            />
            <FilterSelect
              label={t.campos.release}
              value={list.query.release}
              options={asOptions(filtros.data?.releases)}
              onChange={(v) => list.setFilter('release', v)}
              searchable
            />
          </>
        }
      />
    </>
  );
}
