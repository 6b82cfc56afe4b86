import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ImportacionResultado } from '@intranet/contract/shared/importacion';
import { formatFechaHora } from '../../core/format.ts';
import { Conteos } from './Conteos.tsx';
import { importarMessages as t } from './messages.ts';

interface PasoResultadoProps {
  resultado: ImportacionResultado;
  deshaciendo: boolean;
  error: string | null;
  onDeshacer: () => void;
  /** Downloads the rows left out, with their reasons. */
  onRechazadas?: () => void;
}

/** Step 6: what the import did, and "Deshacer" while it can be undone. */
export function PasoResultado({ resultado, deshaciendo, error, onDeshacer, onRechazadas }: PasoResultadoProps) {
  const deshecha = resultado.estado === 'deshecha';
  return (
    <Stack gap="sm">
      <Alert color={deshecha ? 'gray' : 'teal'} title={deshecha ? t.deshecho : t.importado}>
        {deshecha ? t.deshechoTexto : t.importadoTexto(resultado.crear, resultado.actualizar)}
        {!deshecha && resultado.rechazadas > 0 && ` ${t.omitidas(resultado.rechazadas)}`}
      </Alert>
      {!deshecha && <Conteos conteo={resultado} hecho {...(onRechazadas ? { onRechazadas } : {})} />}
      {error && (
        <Alert color="red" title={t.error}>
          {error}
        </Alert>
      )}
      {!deshecha && resultado.deshacer_hasta && (
        <Group gap="sm">
          <Button
            variant="default"
            color="red"
            leftSection={<IconArrowBackUp size={16} />}
            loading={deshaciendo}
            onClick={onDeshacer}
          >
            {t.deshacer}
          </Button>
          <Text size="sm" c="dimmed">
            {t.deshacerHasta(formatFechaHora(resultado.deshacer_hasta))}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
