import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { importarMessages as t } from './messages.ts';

const TIPOS = [
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
/** Certificates: by extension, since browsers declare .crt and .pem inconsistently. */
const CERTIFICADOS = {
  'application/zip': ['.zip'],
  'application/x-x509-ca-cert': ['.crt', '.cer', '.pem', '.der'],
  'application/octet-stream': ['.crt', '.cer', '.pem', '.der', '.zip'],
};

interface PasoArchivoProps {
  subiendo: boolean;
  error: string | null;
  /** A zip or several certificate files instead of one spreadsheet (and no template). */
  certificados: boolean;
  onArchivos: (archivos: File[]) => void;
  onRechazo: () => void;
  onPlantilla: () => void;
}

/** Step 1: the spreadsheet, dropped or picked; the template to start from. */
export function PasoArchivo({ subiendo, error, certificados, onArchivos, onRechazo, onPlantilla }: PasoArchivoProps) {
  const soltar = certificados ? t.soltarCertificados : t.soltar;
  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(archivos) => archivos.length > 0 && onArchivos(archivos)}
        onReject={onRechazo}
        accept={certificados ? CERTIFICADOS : TIPOS}
        multiple={certificados}
        loading={subiendo}
        aria-label={soltar}
      >
        <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={40} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            {subiendo ? <Loader size="md" /> : <IconFileSpreadsheet size={40} aria-hidden />}
          </Dropzone.Idle>
          <Stack gap={4}>
            <Text fw={600}>{subiendo ? t.subiendo : soltar}</Text>
            <Text size="sm" c="dimmed">
              {certificados ? t.formatosCertificados : t.formatos}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {error && (
        <Alert color="red" title={t.error}>
          {error}
        </Alert>
      )}
      {!certificados && (
        <Text size="sm">
          <Anchor component="button" type="button" onClick={onPlantilla}>
            {t.plantilla}
          </Anchor>
          {' · '}
          {t.plantillaAyuda}
        </Text>
      )}
    </Stack>
  );
}
