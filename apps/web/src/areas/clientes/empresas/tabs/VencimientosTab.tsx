import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { clientesMessages as t } from '../messages.ts';

/**
 * SLOT for the Vencimientos sections (issue 7, part B): the client's AFIP certificates, points of sale and
 * Physis licences. That section replaces this component's body with its grid filtered by `empresaId`;
 * until then it says where those items are recorded (no made-up data).
 */
export function VencimientosTab({ empresaId }: { empresaId: number }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Text>{t.vencimientosPendiente}</Text>
        <Group gap="md">
          <Anchor component={Link} to={`/clientes/vencimientosafip/lista?empresa_id=${empresaId}`}>
            {t.verVencimientosAfip}
          </Anchor>
          <Anchor component={Link} to={`/clientes/vencimientosphysis/lista?empresa_id=${empresaId}`}>
            {t.verVencimientosPhysis}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
