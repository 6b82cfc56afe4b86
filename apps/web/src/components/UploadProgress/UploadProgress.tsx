import { Progress, Stack, Text } from '@mantine/core';
import { formatBytes } from '../../core/format.ts';
import { uploadMessages as t } from '../messages.ts';
import type { Avance } from './useUploadProgress.ts';

/** The parts of the progress line, formatted: '42', '6,0 MB/s', '10,0 MB', '24,0 MB'. */
export interface AvanceTexto {
  porcentaje: number;
  velocidad: string;
  enviado: string;
  total: string;
}

/** An upload's progress bar and, read out as it changes, its percentage, speed and bytes sent. */
export function UploadProgress({
  avance,
  texto = t.progresoTexto,
}: {
  avance: Avance;
  texto?: (avance: AvanceTexto) => string;
}) {
  const partes = {
    porcentaje: avance.porcentaje,
    velocidad: `${formatBytes(avance.velocidad)}/s`,
    enviado: formatBytes(avance.loaded),
    total: formatBytes(avance.total),
  };
  return (
    <Stack gap={4}>
      <Progress value={avance.porcentaje} size="lg" striped animated aria-label={t.progreso} />
      <Text size="sm" aria-live="polite" data-testid="subida-progreso">
        {texto(partes)}
      </Text>
    </Stack>
  );
}
