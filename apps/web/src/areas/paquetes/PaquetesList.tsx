import '@mantine/dropzone/styles.css';
import { Anchor, Box, Button, Overlay, SegmentedControl, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PAQUETE_CANALES, PAQUETE_SORT, paqueteListQuery, type PaqueteFila } from '@intranet/contract/areas/paquetes';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatBytes, formatFechaHora } from '../../core/format.ts';
import { useListState } from '../../core/list/useListState.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import {
  paqueteDescargaUrl,
  paquetesCsvUrl,
  paquetesUrl,
  useLimiteSubida,
  usePaqueteProductos,
  usePaquetes,
} from './api.ts';
import { CanalBadge } from './CanalBadge.tsx';
import { instaladoresMessages as t } from './messages.ts';
import { SubidaPaquete } from './SubidaPaquete.tsx';

const columns: ColumnDef<PaqueteFila>[] = [
  {
    id: 'nombre',
    header: t.campos.nombre,
    enableHiding: false,
    cell: ({ row }) => (
      <Anchor component={Link} to={`/instaladores/${row.original.id}`} fw={600} size="sm">
        {row.original.nombre}
      </Anchor>
    ),
  },
  { id: 'producto', accessorKey: 'producto', header: t.campos.producto },
  { id: 'version', accessorKey: 'version', header: t.campos.version },
  { id: 'canal', header: t.campos.canal, cell: ({ row }) => <CanalBadge canal={row.original.canal} /> },
  { id: 'fecha', header: t.campos.fecha, accessorFn: (row) => formatFechaHora(row.fecha) },
  { id: 'tamano', header: t.campos.tamano, accessorFn: (row) => formatBytes(row.tamano) },
  {
    id: 'sha256',
    header: t.campos.sha256,
    enableSorting: false,
    cell: ({ row }) =>
      row.original.sha256 ? (
        <Text size="xs" ff="monospace" title={row.original.sha256}>
          {row.original.sha256.slice(0, 12)}…
        </Text>
      ) : null,
  },
  { id: 'publicado_por', accessorKey: 'publicado_por', header: t.campos.publicado_por, enableSorting: false },
  { id: 'descargas', accessorKey: 'descargas', header: t.campos.descargas },
  {
    id: 'descargar',
    header: t.descargar,
    enableSorting: false,
    cell: ({ row }) => {
      const href = paqueteDescargaUrl(row.original);
      return href ? (
        <Anchor
          href={href}
          download
          size="sm"
          onClick={(event) => event.stopPropagation()}
          aria-label={`${t.descargar} ${row.original.nombre}`}
        >
          {t.descargar}
        </Anchor>
      ) : null;
    },
  },
];

const canalOptions = PAQUETE_CANALES.map((canal) => ({ value: canal, label: t.canales[canal] }));

/**
 * `/instaladores`: the packages, paged, sorted and filtered on the server, the view kept in the URL.
 * Who may upload drops a file onto the list (or picks one) and fills its fields in the panel above it.
 */
export function PaquetesList() {
  const list = useListState(paqueteListQuery);
  const paquetes = usePaquetes(list.apiParams);
  const productos = usePaqueteProductos();
  const puedeSubir = usePermiso('PACKS#EDITAR');
  const limite = useLimiteSubida();
  const navigate = useNavigate();
  const [archivo, setArchivo] = useState<File | null>(null);
  const elegir = useRef<() => void>(null);
  const retirados = list.query.retirados === true;

  const tabla = (
    <DataTable
      label={t.tabla}
      tableId="paquetes"
      columns={columns}
      sortable={PAQUETE_SORT}
      rows={paquetes.data?.items}
      total={paquetes.data?.total ?? 0}
      list={list}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.nombre}
      loading={paquetes.isPending}
      fetching={paquetes.isPlaceholderData}
      error={paquetes.error}
      onRetry={() => void paquetes.refetch()}
      vivo={{ lista: 'paquetes', refrescar: paquetes.refetch }}
      onRowClick={(row) => void navigate(`/instaladores/${row.id}`)}
      lote={{
        url: paquetesUrl(),
        filtro: list.exportParams,
        nombre: 'paquetes',
        eliminar: false,
        campos: puedeSubir
          ? [
              { campo: 'canal', etiqueta: t.campos.canal, opciones: canalOptions },
              { campo: 'producto', etiqueta: t.campos.producto },
            ]
          : undefined,
      }}
      emptyText={retirados ? t.sinRetirados : t.sinPaquetes}
      initiallyHidden={['publicado_por', 'sha256']}
      toolbar={
        <>
          <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
          <FilterSelect
            label={t.campos.producto}
            value={list.query.producto}
            options={(productos.data ?? []).map((p) => ({ value: p, label: p }))}
            onChange={(producto) => list.setFilter('producto', producto)}
            searchable
          />
          <FilterSelect
            label={t.campos.canal}
            value={list.query.canal}
            options={canalOptions}
            onChange={(canal) => list.setFilter('canal', canal)}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="paquetes-vista">
              {t.vista}
            </Text>
            <SegmentedControl
              aria-labelledby="paquetes-vista"
              value={retirados ? 'retirados' : 'listados'}
              onChange={(value) => list.setFilter('retirados', value === 'retirados' ? true : undefined)}
              data={[
                { value: 'listados', label: t.listados },
                { value: 'retirados', label: t.retirados },
              ]}
            />
          </Stack>
        </>
      }
    />
  );

  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          <>
            <ExportButton url={paquetesCsvUrl(list.exportParams)} name="paquetes" />
            {puedeSubir && (
              <Button
                leftSection={<IconUpload size={16} />}
                onClick={() => elegir.current?.()}
                disabled={archivo !== null}
              >
                {t.subir}
              </Button>
            )}
          </>
        }
      />
      {archivo && (
        <SubidaPaquete
          key={`${archivo.name}-${archivo.size}-${archivo.lastModified}`}
          file={archivo}
          maxBytes={limite.data}
          onDone={() => setArchivo(null)}
        />
      )}
      {puedeSubir ? (
        <Dropzone
          openRef={elegir}
          onDrop={(files) => files[0] && setArchivo(files[0])}
          onReject={() => notifications.show({ color: 'red', title: t.errorSubida, message: t.soloUno })}
          multiple={false}
          disabled={archivo !== null}
          activateOnClick={false}
          activateOnKeyboard={false}
          // The classic file input: the same picker everywhere (and one that browser automation can drive).
          useFsAccessApi={false}
          enablePointerEvents
          aria-label={t.soltarAqui}
          inputProps={{ 'aria-label': t.archivoPaquete }}
          styles={{
            root: { border: 0, padding: 0, backgroundColor: 'transparent', position: 'relative', cursor: 'default' },
          }}
        >
          <Dropzone.Accept>
            <Overlay color="var(--mantine-color-blue-0)" backgroundOpacity={0.9} radius="md" center zIndex={5}>
              <Box ta="center">
                <IconUpload size={40} aria-hidden />
                <Text fw={600}>{t.soltarAqui}</Text>
                <Text size="sm" c="dimmed">
                  {t.soltarAyuda}
                </Text>
              </Box>
            </Overlay>
          </Dropzone.Accept>
          {tabla}
        </Dropzone>
      ) : (
        tabla
      )}
    </>
  );
}
