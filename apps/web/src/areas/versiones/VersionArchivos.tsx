import { Anchor, Button, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { VersionDetalle } from '@intranet/contract/versiones';
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

  const subir = async (file: File | null) => {
    if (!file) return;
    try {
      await upload(file.size, (control) => adjuntar.mutateAsync({ file, ...control }));
      notifications.show({ color: 'green', title: t.adjuntado, message: file.name });
    } catch (error) {
      if (!isCancelled(error)) {
        notifications.show({ color: 'red', title: t.errorAdjuntar, message: error instanceof Error ? error.message : String(error) });
      }
    }
  };

  return (
    <Stack gap="sm">
      {version.assets_lista.length === 0 ? (
        <Text c="dimmed">{t.sinArchivos}</Text>
      ) : (
        <Table striped aria-label={t.tabs.archivos}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.archivo}</Table.Th>
              <Table.Th>{t.tamano}</Table.Th>
              <Table.Th>SHA-256</Table.Th>
              {editable && <Table.Th aria-label={t.quitar} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {version.assets_lista.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Anchor href={assetUrl(a.descarga)} download={a.nombre} aria-label={`${t.descargar} ${a.nombre}`}>
                    {a.nombre}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatBytes(a.tamano)}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {a.sha256}
                  </Text>
                </Table.Td>
                {editable && (
                  <Table.Td>
                    <DeleteAction
                      variant="icon"
                      tooltip={t.quitar}
                      label={`${t.quitar} ${a.nombre}`}
                      confirm={{ title: t.quitarTitulo, message: t.quitarTexto(a.nombre), confirmLabel: t.quitar }}
                      run={() => quitar.mutateAsync(a.id)}
                      errorTitle={t.errorAdjuntar}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
