import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { importarMessages as t } from './messages.ts';

const TIPOS = ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

interface PasoArchivoProps {
  subiendo: boolean;
  error: string | null;
  onArchivo: (archivo: File) => void;
  onRechazo: () => void;
  onPlantilla: () => void;
}

/** Step 1: the spreadsheet, dropped or picked; the template to start from. */
export function PasoArchivo({ subiendo, error, onArchivo, onRechazo, onPlantilla }: PasoArchivoProps) {
  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(archivos) => archivos[0] && onArchivo(archivos[0])}
        onReject={onRechazo}
        accept={TIPOS}
        multiple={false}
        loading={subiendo}
        aria-label={t.soltar}
      >
        <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={40} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>{subiendo ? <Loader size="md" /> : <IconFileSpreadsheet size={40} aria-hidden />}</Dropzone.Idle>
          <Stack gap={4}>
            <Text fw={600}>{subiendo ? t.subiendo : t.soltar}</Text>
            <Text size="sm" c="dimmed">
              {t.formatos}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {error && (
        <Alert color="red" title={t.error}>
          {error}
        </Alert>
      )}
      <Text size="sm">
        <Anchor component="button" type="button" onClick={onPlantilla}>
          {t.plantilla}
        </Anchor>
        {' · '}
        {t.plantillaAyuda}
      </Text>
    </Stack>
  );
}
