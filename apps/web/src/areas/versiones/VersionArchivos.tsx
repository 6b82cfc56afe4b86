import { Anchor, Button, FileButton, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { VersionDetalle } from '@intranet/contract/versiones';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { useDirtyGuard } from '../../components/useDirtyGuard.ts';
import { assetUrl, useAdjuntarArchivo, useQuitarArchivo } from './api.ts';
import { versionesMessages as t } from './messages.ts';

const formatBytes = (bytes: number) => {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('es-AR', { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
};

/** The version's files: download links, attach (with progress and cancel) and remove. */
export function VersionArchivos({ version, puedeEditar }: { version: VersionDetalle; puedeEditar: boolean }) {
  const adjuntar = useAdjuntarArchivo(version.id);
  const quitar = useQuitarArchivo(version.id);
  const [avance, setAvance] = useState<number | null>(null);
  const cancelar = useRef<AbortController | null>(null);
  useDirtyGuard(avance !== null);
  const editable = puedeEditar && version.estado !== 'retirada';

  const subir = async (file: File | null) => {
    if (!file) return;
    const controller = new AbortController();
    cancelar.current = controller;
    setAvance(0);
    try {
      await adjuntar.mutateAsync({ file, signal: controller.signal, onProgress: ({ loaded, total }) => setAvance(total ? Math.floor((loaded / total) * 100) : 0) });
      notifications.show({ color: 'green', title: t.adjuntado, message: file.name });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        notifications.show({ color: 'red', title: t.errorAdjuntar, message: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      setAvance(null);
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
      {avance !== null && (
        <Group gap="sm" wrap="nowrap">
          <Progress value={avance} striped animated style={{ flex: 1 }} aria-label={t.progreso} />
          <Text size="sm">{avance} %</Text>
          <Button size="xs" variant="light" color="red" leftSection={<IconX size={14} />} onClick={() => cancelar.current?.abort()}>
            {t.cancelarSubida}
          </Button>
        </Group>
      )}
      {editable && avance === null && (
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
