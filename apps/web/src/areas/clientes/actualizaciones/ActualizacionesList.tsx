import { ActionIcon, Anchor, Button, Code, Group, Tabs, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router';
import {
  ACTUALIZACION_RESULTADOS,
  ACTUALIZACION_SORT,
  actualizacionListQuery,
  RESULTADO_ETIQUETA,
  type Actualizacion,
} from '@intranet/contract/areas/clientes/actualizaciones';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { DateInputEs } from '../../../components/form/DateField.tsx';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { ClienteFilter } from '../../../components/EntitySelect/ClienteSelect.tsx';
import { useProductoOpciones } from '../../../components/EntitySelect/useProductoOpciones.ts';
import { ExportButton } from '../../../components/ExportButton/ExportButton.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { ListSearch } from '../../../components/ListSearch.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatFechaHora } from '../../../core/format.ts';
import { useListState } from '../../../core/list/useListState.ts';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import {
  actualizacionesCsvUrl,
  actualizacionesLoteUrl,
  useActualizacionOpciones,
  useActualizaciones,
  useEliminarActualizacion,
} from './api.ts';
import { Desactualizados } from './Desactualizados.tsx';
import { actualizacionesMessages as t } from './messages.ts';
import { abrirRegistrar } from './RegistrarDialog.tsx';
import { ResultadoBadge } from './ResultadoBadge.tsx';

const verLog = (a: Actualizacion) =>
  modals.open({
    title: t.logDe(a.servidor),
    size: 'xl',
    closeButtonProps: { 'aria-label': 'Cerrar' },
    children: a.log ? <Code block>{a.log}</Code> : t.sinLog,
  });

/** The updates table with its filters; `clienteId` fixes the client (the client detail's tab). */
export function ActualizacionesTabla({ clienteId }: { clienteId?: number }) {
  const list = useListState(actualizacionListQuery);
  const params = clienteId ? `${list.apiParams}&empresa_id=${clienteId}` : list.apiParams;
  const exportParams = clienteId
    ? [list.exportParams, `empresa_id=${clienteId}`].filter(Boolean).join('&')
    : list.exportParams;
  const actualizaciones = useActualizaciones(params);
  const productos = useProductoOpciones();
  const opciones = useActualizacionOpciones(null);
  const puedeEditar = usePermiso('CLIENTES#EDITAR');
  const eliminar = useEliminarActualizacion();
  const versiones = (opciones.data?.versiones ?? []).filter(
    (v) => !list.query.producto_id || v.producto_id === list.query.producto_id,
  );
  const productoDe = new Map((productos.data ?? []).map((p) => [p.id, p.nombre]));

  const columns: ColumnDef<Actualizacion>[] = [
    { id: 'fecha', header: t.campos.fecha, accessorFn: (a) => formatFechaHora(a.fecha) },
    ...(clienteId
      ? []
      : [
          {
            id: 'cliente',
            header: t.campos.cliente,
            cell: ({ row }) => (
              <Anchor component={Link} to={`/clientes/${row.original.empresa_id}`} size="sm" fw={600}>
                {row.original.cliente}
              </Anchor>
            ),
          } satisfies ColumnDef<Actualizacion>,
        ]),
    { id: 'servidor', header: t.campos.servidor, accessorKey: 'servidor' },
    { id: 'producto', header: t.campos.producto, accessorKey: 'producto' },
    { id: 'version_desde', header: t.campos.version_desde, accessorFn: (a) => a.version_desde ?? '—' },
    { id: 'version_hasta', header: t.campos.version_hasta, accessorKey: 'version_hasta' },
    { id: 'persona', header: t.campos.persona, accessorFn: (a) => a.persona ?? '' },
    {
      id: 'resultado',
      header: t.campos.resultado,
      cell: ({ row }) => <ResultadoBadge resultado={row.original.resultado} />,
    },
    {
      id: 'acciones',
      header: t.campos.acciones,
      enableHiding: false,
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t.verLog}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t.verLog} ${row.original.servidor}`}
              onClick={() => verLog(row.original)}
            >
              <IconFileText size={16} />
            </ActionIcon>
          </Tooltip>
          {puedeEditar && (
            <DeleteAction
              variant="icon"
              tooltip={t.eliminar}
              label={`${t.eliminar} ${row.original.servidor} ${row.original.version_hasta}`}
              confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto }}
              run={() => eliminar.mutateAsync(row.original.id)}
              done={{ title: t.eliminada, message: `${row.original.servidor} ${row.original.version_hasta}` }}
              errorTitle={t.eliminar}
            />
          )}
        </Group>
      ),
    },
  ];

  return (
    <>
      <Group justify="flex-end" gap="sm" mb="sm">
        <ExportButton url={actualizacionesCsvUrl(exportParams)} name="actualizaciones" />
        {puedeEditar && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => abrirRegistrar(clienteId ? { clienteId } : {})}>
            {t.registrar}
          </Button>
        )}
      </Group>
      <DataTable
        label={t.tabla}
        tableId={clienteId ? 'actualizaciones-cliente' : 'actualizaciones'}
        columns={columns}
        sortable={ACTUALIZACION_SORT}
        rows={actualizaciones.data?.items}
        total={actualizaciones.data?.total ?? 0}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => `${row.servidor} ${row.version_hasta}`}
        loading={actualizaciones.isPending}
        fetching={actualizaciones.isPlaceholderData}
        error={actualizaciones.error}
        onRetry={() => void actualizaciones.refetch()}
        vivo={{ lista: 'actualizaciones', refrescar: actualizaciones.refetch }}
        lote={{ url: actualizacionesLoteUrl(), filtro: exportParams, nombre: 'actualizaciones', eliminar: puedeEditar }}
        emptyText={t.sinActualizaciones}
        initiallyHidden={['persona']}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <DateInputEs
              label={t.campos.desde}
              value={list.query.desde ?? null}
              onChange={(dia) => list.setFilter('desde', dia)}
              w={{ base: '100%', sm: 160 }}
            />
            <DateInputEs
              label={t.campos.hasta}
              value={list.query.hasta ?? null}
              onChange={(dia) => list.setFilter('hasta', dia)}
              w={{ base: '100%', sm: 160 }}
            />
            {!clienteId && (
              <ClienteFilter
                label={t.campos.cliente}
                value={list.query.empresa_id}
                onChange={(id) => list.setFilter('empresa_id', id)}
              />
            )}
            <FilterSelect
              label={t.campos.producto}
              value={list.query.producto_id ? String(list.query.producto_id) : undefined}
              options={(productos.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))}
              onChange={(id) => list.setFilter('producto_id', id)}
              searchable
            />
            <FilterSelect
              label={t.campos.version}
              value={list.query.version_id ? String(list.query.version_id) : undefined}
              options={versiones.map((v) => ({
                value: String(v.id),
                label: list.query.producto_id ? v.numero : `${productoDe.get(v.producto_id) ?? ''} ${v.numero}`,
              }))}
              onChange={(id) => list.setFilter('version_id', id)}
              searchable
            />
            <FilterSelect
              label={t.campos.resultado}
              value={list.query.resultado}
              options={ACTUALIZACION_RESULTADOS.map((r) => ({ value: r, label: RESULTADO_ETIQUETA[r] }))}
              onChange={(r) => list.setFilter('resultado', r)}
            />
          </>
        }
      />
    </>
  );
}

/** `/clientes/actualizaciones/lista`: the updates applied and, on its second tab, the clients behind. */
export function ActualizacionesList() {
  const [params, setParams] = useSearchParams();
  const vista = params.get('vista') === 'desactualizados' ? 'desactualizados' : 'registro';
  return (
    <>
      <PageHeader title={t.titulo} />
      <Tabs value={vista} onChange={(v) => setParams(v === 'desactualizados' ? { vista: v } : {})} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="registro">{t.registro}</Tabs.Tab>
          <Tabs.Tab value="desactualizados">{t.desactualizados}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="registro">
          <ActualizacionesTabla />
        </Tabs.Panel>
        <Tabs.Panel value="desactualizados">
          <Desactualizados />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
