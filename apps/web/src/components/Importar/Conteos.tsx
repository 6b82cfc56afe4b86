import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ImportacionConteo } from '@intranet/contract/shared/importacion';
import { formatNumero } from '../../core/format.ts';
import { importarMessages as t } from './messages.ts';

interface ConteosProps {
  conteo: ImportacionConteo;
  /** Past tense once imported: "Creadas" instead of "A crear". */
  hecho?: boolean;
  onRechazadas?: () => void;
}

function Cifra({ titulo, valor, color }: { titulo: string; valor: number; color?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {titulo}
      </Text>
      <Text size="xl" fw={700} c={color} aria-label={`${titulo}: ${valor}`}>
        {formatNumero(valor)}
      </Text>
    </Paper>
  );
}

/** What a dry run or an import counted, and the first refused rows with their reasons. */
export function Conteos({ conteo, hecho = false, onRechazadas }: ConteosProps) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Cifra titulo={hecho ? t.creadas : t.crear} valor={conteo.crear} color="teal" />
        <Cifra titulo={hecho ? t.actualizadas : t.actualizarN} valor={conteo.actualizar} color="blue" />
        <Cifra titulo={t.sinCambios} valor={conteo.sin_cambios} />
        <Cifra titulo={t.rechazadas} valor={conteo.rechazadas} color={conteo.rechazadas > 0 ? 'red' : undefined} />
      </SimpleGrid>
      {conteo.rechazos.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} c="red">
            {hecho ? t.rechazosOmitidos : t.hayRechazos}
          </Text>
          <Stack gap={2} component="ul" m={0} pl="md">
            {conteo.rechazos.map((r) => (
              <Text key={r.fila} component="li" size="sm">
                <strong>{t.filaErrores(r.fila)}:</strong> {r.errores.join('; ')}
              </Text>
            ))}
          </Stack>
          {onRechazadas && (
            <Group>
              <Anchor component="button" type="button" onClick={onRechazadas}>
                {t.rechazadasCsv}
              </Anchor>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
