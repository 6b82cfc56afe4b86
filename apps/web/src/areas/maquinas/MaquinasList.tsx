import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import {
  MAQUINA_ESTADOS,
  MAQUINA_ESTADOS_LIBRES,
  MAQUINA_SORT,
  MAQUINA_TIPOS,
  maquinaListQuery,
  type Maquina,
} from '@intranet/contract/areas/maquinas';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { PersonaFilter } from '../../components/EntitySelect/PersonaSelect.tsx';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { ImportarButton } from '../../components/Importar/ImportarButton.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFecha, formatFechaHora } from '../../core/format.ts';
import { useListState } from '../../core/list/useListState.ts';
import { maquinasCsvUrl, maquinasKeys, maquinasUrl, useMaquinas, useUbicaciones } from './api.ts';
import { EstadoBadge } from './EstadoBadge.tsx';
import { maquinasMessages as t } from './messages.ts';

const columns: ColumnDef<Maquina>[] = [
  {
    id: 'nombre',
    header: t.campos.nombre,
    enableHiding: false,
    cell: ({ row }) => (
      <Anchor component={Link} to={`/maquinas/${row.original.id}`} fw={600} size="sm">
        {row.original.nombre}
      </Anchor>
    ),
  },
  { id: 'nro_inventario', accessorKey: 'nro_inventario', header: t.campos.nro_inventario },
  { id: 'tipo', header: t.campos.tipo, accessorFn: (row) => t.tipos[row.tipo] },
  {
    id: 'modelo',
    header: t.campos.modelo,
    accessorFn: (row) => [row.fabricante, row.modelo].filter(Boolean).join(' '),
  },
  { id: 'so', header: t.campos.so, accessorFn: (row) => [row.so, row.so_version].filter(Boolean).join(' ') },
  { id: 'estado', header: t.campos.estado, cell: ({ row }) => <EstadoBadge estado={row.original.estado} /> },
  {
    id: 'persona_nombre',
    header: t.campos.persona_nombre,
    cell: ({ row }) =>
      row.original.persona_nombre ? (
        <Text size="sm">{row.original.persona_nombre}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  { id: 'ubicacion', accessorKey: 'ubicacion', header: t.campos.ubicacion },
  { id: 'ip', accessorKey: 'ip', header: t.campos.ip },
  {
    id: 'garantia_hasta',
    header: t.campos.garantia_hasta,
    cell: ({ row }) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{row.original.garantia_hasta ? formatFecha(row.original.garantia_hasta) : '—'}</Text>
        {row.original.garantia_vencida && (
          <Badge color="red" variant="light" size="xs">
            {t.vencida}
          </Badge>
        )}
      </Group>
    ),
  },
  { id: 'actualizado', header: t.campos.actualizado, accessorFn: (row) => formatFechaHora(row.actualizado) },
];

const tipoOptions = MAQUINA_TIPOS.map((v) => ({ value: v, label: t.tipos[v] }));
const estadoOptions = MAQUINA_ESTADOS.map((v) => ({ value: v, label: t.estados[v] }));
const libresOptions = MAQUINA_ESTADOS_LIBRES.map((v) => ({ value: v, label: t.estados[v] }));
const garantiaOptions = [
  { value: 'true', label: t.garantiaOpciones.true },
  { value: 'false', label: t.garantiaOpciones.false },
];

/** `/maquinas`: the inventory, paged, sorted and filtered on the server, the view kept in the URL. */
export function MaquinasList() {
  const list = useListState(maquinaListQuery);
  const maquinas = useMaquinas(list.apiParams);
  const ubicaciones = useUbicaciones();
  const navigate = useNavigate();
  const vencida = list.query.garantia_vencida;

  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          <>
            <ImportarButton
              importables={[
                {
                  url: maquinasUrl(),
                  nombre: 'maquinas',
                  que: 'máquinas',
                  invalidar: [maquinasKeys.all, ['personas'], ['auditoria']],
                },
              ]}
            />
            <ExportButton url={maquinasCsvUrl(list.exportParams)} name="maquinas" />
            <Button component={Link} to="/maquinas/nueva" leftSection={<IconPlus size={16} />}>
              {t.nueva}
            </Button>
          </>
        }
      />
      <DataTable
        label={t.tabla}
        tableId="maquinas"
        columns={columns}
        sortable={MAQUINA_SORT}
        rows={maquinas.data?.items}
        total={maquinas.data?.total ?? 0}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.nombre}
        loading={maquinas.isPending}
        fetching={maquinas.isPlaceholderData}
        error={maquinas.error}
        onRetry={() => void maquinas.refetch()}
        vivo={{ lista: 'maquinas', refrescar: maquinas.refetch }}
        onRowClick={(row) => void navigate(`/maquinas/${row.id}`)}
        emptyText={t.sinMaquinas}
        lote={{
          url: maquinasUrl(),
          filtro: list.exportParams,
          nombre: 'maquinas',
          eliminar: true,
          campos: [
            { campo: 'estado', etiqueta: t.campos.estado, opciones: libresOptions },
            { campo: 'ubicacion', etiqueta: t.campos.ubicacion },
            { campo: 'tipo', etiqueta: t.campos.tipo, opciones: tipoOptions },
            { campo: 'fabricante', etiqueta: t.campos.fabricante },
            { campo: 'modelo', etiqueta: t.campos.modelo },
            { campo: 'so', etiqueta: t.campos.so },
            { campo: 'so_version', etiqueta: t.campos.so_version },
            { campo: 'fecha_compra', etiqueta: t.campos.fecha_compra, tipo: 'fecha' },
            { campo: 'garantia_hasta', etiqueta: t.campos.garantia_hasta, tipo: 'fecha' },
          ],
        }}
        initiallyHidden={['ip', 'so', 'actualizado']}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <FilterSelect
              label={t.campos.tipo}
              value={list.query.tipo}
              options={tipoOptions}
              onChange={(v) => list.setFilter('tipo', v)}
            />
            <FilterSelect
              label={t.campos.estado}
              value={list.query.estado}
              options={estadoOptions}
              onChange={(v) => list.setFilter('estado', v)}
            />
            <PersonaFilter
              label={t.persona}
              w={{ base: '100%', sm: 200 }}
              value={list.query.persona_id}
              onChange={(v) => list.setFilter('persona_id', v)}
            />
            <FilterSelect
              label={t.campos.ubicacion}
              value={list.query.ubicacion}
              options={(ubicaciones.data ?? []).map((u) => ({ value: u, label: u }))}
              onChange={(v) => list.setFilter('ubicacion', v)}
              searchable
            />
            <FilterSelect
              label={t.garantia}
              value={vencida === undefined ? undefined : String(vencida)}
              options={garantiaOptions}
              onChange={(v) => list.setFilter('garantia_vencida', v)}
            />
          </>
        }
      />
    </>
  );
}
