import { Button, Group } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { listMessages } from './messages.ts';

/** "N cambios — actualizar": changes someone else made to a list while the user worked on it. */
export function CambiosPendientes({ pendientes, actualizar }: { pendientes: number; actualizar: () => void }) {
  if (pendientes === 0) return null;
  return (
    <Group justify="center">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        onClick={actualizar}
        title={listMessages.cambiosPendientesAyuda}
      >
        {listMessages.cambiosPendientes(pendientes)}
      </Button>
    </Group>
  );
}
