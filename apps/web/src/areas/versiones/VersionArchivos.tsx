import { Anchor, Button, FileButton, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { VersionAsset, VersionDetalle } from '@intranet/contract/areas/versiones';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { uploadMessages } from '../../components/messages.ts';
import { UploadProgress } from '../../components/UploadProgress/UploadProgress.tsx';
import { isCancelled, useUploadProgress } from '../../components/UploadProgress/useUploadProgress.ts';
import { useDirtyGuard } from '../../components/useDirtyGuard.ts';
import { formatBytes } from '../../core/format.ts';
import { assetUrl, useAdjuntarArchivo, useQuitarArchivo } from './api.ts';
import { versionesMessages as t } from './messages.ts';

/** The version's files: download links, attach (with progress and cancel) and remove. */
export function VersionArchivos({ version, puedeEditar }: { version: VersionDetalle; puedeEditar: boolean }) {
  const adjuntar = useAdjuntarArchivo(version.id);
  const quitar = useQuitarArchivo(version.id);
  const { avance, subiendo, upload, cancel } = useUploadProgress();
  useDirtyGuard(subiendo);
  const editable = puedeEditar && version.estado !== 'retirada';
  const quitarArchivo = quitar.mutateAsync;
  const columns = useMemo<ColumnDef<VersionAsset>[]>(() => {
    const archivos: ColumnDef<VersionAsset>[] = [
      {
        id: 'nombre',
        header: t.archivo,
        cell: ({ row: { original: a } }) => (
          <Anchor href={assetUrl(a.descarga)} download={a.nombre} aria-label={`${t.descargar} ${a.nombre}`}>
            {a.nombre}
          </Anchor>
        ),
      },
      { id: 'tamano', header: t.tamano, cell: ({ row }) => formatBytes(row.original.tamano) },
      {
        id: 'sha256',
        header: 'SHA-256',
        cell: ({ row }) => (
          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {row.original.sha256}
          </Text>
        ),
      },
    ];
    if (!editable) return archivos;
    const quitarColumna: ColumnDef<VersionAsset> = {
      id: 'acciones',
      header: () => <VisuallyHidden>{t.quitar}</VisuallyHidden>,
      cell: ({ row: { original: a } }) => (
        <DeleteAction
          variant="icon"
          tooltip={t.quitar}
          label={`${t.quitar} ${a.nombre}`}
          confirm={{ title: t.quitarTitulo, message: t.quitarTexto(a.nombre), confirmLabel: t.quitar }}
          run={() => quitarArchivo(a.id)}
          errorTitle={t.errorAdjuntar}
        />
      ),
    };
    return [...archivos, quitarColumna];
  }, [editable, quitarArchivo]);

  const subir = async (file: File | null) => {
    if (!file) return;
    try {
      await upload(file.size, (control) => adjuntar.mutateAsync({ file, ...control }));
      notifications.show({ color: 'green', title: t.adjuntado, message: file.name });
    } catch (error) {
      if (!isCancelled(error)) {
        notifications.show({
          color: 'red',
          title: t.errorAdjuntar,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
  };

  return (
    <Stack gap="sm">
      {version.assets_lista.length === 0 ? (
        <Text c="dimmed">{t.sinArchivos}</Text>
      ) : (
        <DataTable
          label={t.tabs.archivos}
          columns={columns}
          rows={version.assets_lista}
          getRowId={(a) => String(a.id)}
        />
      )}
      {avance && (
        <Group gap="sm" wrap="nowrap" align="flex-end">
          <div style={{ flex: 1 }}>
            <UploadProgress avance={avance} />
          </div>
          <Button size="xs" variant="light" color="red" leftSection={<IconX size={14} />} onClick={cancel}>
            {uploadMessages.cancelarSubida}
          </Button>
        </Group>
      )}
      {editable && !subiendo && (
        <Group>
          <FileButton onChange={(file) => void subir(file)}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />}>
                {t.adjuntar}
              </Button>
            )}
          </FileButton>
        </Group>
      )}
    </Stack>
  );
}
