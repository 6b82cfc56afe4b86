import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { clientesMessages as t } from '../messages.ts';

/**
 * SLOT for the Actualizaciones section (issue 7, part B): the updates applied on this client's servers. That
 * section replaces this component's body with its list filtered by `empresaId`; until then it says where
 * they are recorded (no made-up data).
 */
export function ActualizacionesTab({ empresaId }: { empresaId: number }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Text>{t.actualizacionesPendiente}</Text>
        <Anchor component={Link} to={`/clientes/actualizaciones/lista?empresa_id=${empresaId}`}>
          {t.verActualizaciones}
        </Anchor>
      </Stack>
    </Paper>
  );
}
