import { ActionIcon, Anchor, Box, Button, Group, Menu, Overlay, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconArrowUpCircle, IconDotsVertical, IconEye, IconEyeOff, IconUpload } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import {
  APLICACION_CANALES,
  APLICACION_VERSION_SORT,
  aplicacionVersionListQuery,
  type Aplicacion,
  type AplicacionVersion,
} from '@intranet/contract/areas/aplicaciones';
import { confirmAction } from '../../components/confirmAction.tsx';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { formatBytes, formatFechaHora } from '../../core/format.ts';
import { useListState } from '../../core/list/useListState.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { archivoUrl, useAccionVersion, useLimiteSubida, useVersiones, versionesCsvUrl } from './api.ts';
import { CanalBadge, PublicadaBadge } from './AppBadges.tsx';
import { formatSdk, versionesMessages as t } from './messages.ts';
import { SubidaApk } from './SubidaApk.tsx';

type Accion = 'promover' | 'despublicar' | 'republicar';

const PREGUNTAS: Record<
  Accion,
  { titulo: string; texto: (v: string) => string; hecho: (v: string) => string; danger: boolean }
> = {
  promover: { titulo: t.promoverTitulo, texto: t.promoverTexto, hecho: t.promovida, danger: false },
  despublicar: { titulo: t.despublicarTitulo, texto: t.despublicarTexto, hecho: t.despublicada, danger: true },
  republicar: { titulo: t.republicarTitulo, texto: t.republicarTexto, hecho: t.republicada, danger: false },
};

function AccionesVersion({
  version,
  onAccion,
}: {
  version: AplicacionVersion;
  onAccion: (v: AplicacionVersion, a: Accion) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`${t.acciones} ${version.version_name}`}
          onClick={(e) => e.stopPropagation()}
        >
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {version.canal === 'beta' && (
          <Menu.Item leftSection={<IconArrowUpCircle size={14} />} onClick={() => onAccion(version, 'promover')}>
            {t.promover}
          </Menu.Item>
        )}
        {version.publicada ? (
          <Menu.Item
            color="red"
            leftSection={<IconEyeOff size={14} />}
            onClick={() => onAccion(version, 'despublicar')}
          >
            {t.despublicar}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconEye size={14} />} onClick={() => onAccion(version, 'republicar')}>
            {t.republicar}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function columnas(
  puedeEditar: boolean,
  onAccion: (v: AplicacionVersion, a: Accion) => void,
): ColumnDef<AplicacionVersion>[] {
  const cols: ColumnDef<AplicacionVersion>[] = [
    {
      id: 'version_name',
      header: t.campos.version_name,
      enableHiding: false,
      cell: ({ row }) => (
        <Text size="sm" fw={600}>
          {row.original.version_name}
        </Text>
      ),
    },
    { id: 'version_code', accessorKey: 'version_code', header: t.campos.version_code },
    { id: 'canal', header: t.campos.canal, cell: ({ row }) => <CanalBadge canal={row.original.canal} /> },
    {
      id: 'publicada',
      header: t.campos.publicada,
      cell: ({ row }) => <PublicadaBadge publicada={row.original.publicada} despublicada={t.estadoDespublicada} />,
    },
    { id: 'fecha', header: t.campos.fecha, accessorFn: (row) => formatFechaHora(row.fecha) },
    { id: 'tamano', header: t.campos.tamano, accessorFn: (row) => formatBytes(row.tamano) },
    { id: 'min_sdk', header: t.campos.min_sdk, accessorFn: (row) => formatSdk(row.min_sdk) },
    { id: 'target_sdk', header: t.campos.target_sdk, accessorFn: (row) => formatSdk(row.target_sdk) },
    { id: 'descargas', accessorKey: 'descargas', header: t.campos.descargas },
    { id: 'novedades', header: t.campos.novedades, accessorFn: (row) => row.novedades ?? '' },
    { id: 'publicado_por', header: t.campos.publicado_por, accessorFn: (row) => row.publicado_por ?? '' },
    {
      id: 'descarga',
      header: t.descargar,
      cell: ({ row }) => (
        <Anchor
          href={archivoUrl(row.original.descarga)}
          download
          size="sm"
          onClick={(e) => e.stopPropagation()}
          aria-label={t.descargarApk(row.original.version_name)}
        >
          {t.descargar}
        </Anchor>
      ),
    },
  ];
  if (puedeEditar) {
    cols.push({
      id: 'acciones',
      header: t.acciones,
      enableHiding: false,
      cell: ({ row }) => <AccionesVersion version={row.original} onAccion={onAccion} />,
    });
  }
  return cols;
}

const canalOptions = APLICACION_CANALES.map((canal) => ({ value: canal, label: t.canales[canal] }));
const estadoOptions = [
  { value: 'true', label: t.estadoPublicada },
  { value: 'false', label: t.estadoDespublicada },
];

/** The versions tab: the app's APKs (filters in the URL), their actions, and the upload (button or drop). */
export function VersionesTab({ app }: { app: Aplicacion }) {
  const list = useListState(aplicacionVersionListQuery);
  const versiones = useVersiones(app.id, list.apiParams);
  const puedeEditar = usePermiso('APP#EDITAR');
  const accion = useAccionVersion(app.id);
  const limite = useLimiteSubida();
  const [archivo, setArchivo] = useState<File | null>(null);
  const elegir = useRef<() => void>(null);

  const onAccion = useMemo(
    () => async (version: AplicacionVersion, cual: Accion) => {
      const p = PREGUNTAS[cual];
      if (
        !(await confirmAction({
          title: p.titulo,
          message: p.texto(version.version_name),
          confirmLabel: p.titulo,
          danger: p.danger,
        }))
      )
        return;
      accion.mutate(
        { versionId: version.id, accion: cual },
        {
          onSuccess: () =>
            notifications.show({ color: 'green', title: t.hecho, message: p.hecho(version.version_name) }),
          onError: (error) => notifications.show({ color: 'red', title: t.errorAccion, message: error.message }),
        },
      );
    },
    [accion],
  );
  const columns = useMemo(() => columnas(puedeEditar, (v, a) => void onAccion(v, a)), [puedeEditar, onAccion]);

  const tabla = (
    <DataTable
      label={t.tabla}
      tableId="aplicacion-versiones"
      columns={columns}
      sortable={APLICACION_VERSION_SORT}
      rows={versiones.data?.items}
      total={versiones.data?.total ?? 0}
      list={list}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.version_name}
      loading={versiones.isPending}
      fetching={versiones.isPlaceholderData}
      error={versiones.error}
      onRetry={() => void versiones.refetch()}
      emptyText={t.sinVersiones}
      initiallyHidden={['novedades', 'publicado_por', 'target_sdk']}
      toolbar={
        <>
          <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
          <FilterSelect
            label={t.campos.canal}
            value={list.query.canal}
            options={canalOptions}
            onChange={(canal) => list.setFilter('canal', canal)}
          />
          <FilterSelect
            label={t.campos.publicada}
            value={list.query.publicada === undefined ? undefined : String(list.query.publicada)}
            options={estadoOptions}
            onChange={(publicada) => list.setFilter('publicada', publicada)}
          />
        </>
      }
    />
  );

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm">
        <ExportButton url={versionesCsvUrl(app.id, list.exportParams)} name={`versiones-${app.package_name}`} />
        {puedeEditar && (
          <Button leftSection={<IconUpload size={16} />} onClick={() => elegir.current?.()} disabled={archivo !== null}>
            {t.subir}
          </Button>
        )}
      </Group>
      {archivo && (
        <SubidaApk
          key={`${archivo.name}-${archivo.size}-${archivo.lastModified}`}
          app={app}
          file={archivo}
          maxBytes={limite.data}
          onDone={() => setArchivo(null)}
        />
      )}
      {puedeEditar ? (
        <Dropzone
          openRef={elegir}
          onDrop={(files) => files[0] && setArchivo(files[0])}
          onReject={() => notifications.show({ color: 'red', title: t.rechazado, message: t.soloUno })}
          multiple={false}
          disabled={archivo !== null}
          activateOnClick={false}
          activateOnKeyboard={false}
          // The classic file input: the same picker everywhere (and one that browser automation can drive).
          useFsAccessApi={false}
          enablePointerEvents
          aria-label={t.soltarAqui}
          inputProps={{ 'aria-label': t.archivoApk }}
          styles={{
            root: { border: 0, padding: 0, backgroundColor: 'transparent', position: 'relative', cursor: 'default' },
          }}
        >
          <Dropzone.Accept>
            <Overlay color="var(--mantine-color-blue-0)" backgroundOpacity={0.9} radius="md" center zIndex={5}>
              <Box ta="center">
                <IconUpload size={40} aria-hidden />
                <Text fw={600}>{t.soltarAqui}</Text>
              </Box>
            </Overlay>
          </Dropzone.Accept>
          {tabla}
        </Dropzone>
      ) : (
        tabla
      )}
    </Stack>
  );
}
