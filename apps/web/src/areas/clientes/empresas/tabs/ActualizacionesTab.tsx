import { Stack, Title } from '@mantine/core';
import { ActualizacionesTabla } from '../../actualizaciones/ActualizacionesList.tsx';
import { Desactualizados } from '../../actualizaciones/Desactualizados.tsx';
import { actualizacionesMessages as t } from '../../actualizaciones/messages.ts';

/** The updates applied on this client's servers, and whether it is behind (the Actualizaciones section). */
export function ActualizacionesTab({ clienteId }: { clienteId: number }) {
  return (
    <Stack gap="lg">
      <ActualizacionesTabla clienteId={clienteId} />
      <Title order={3} size="h4">
        {t.desactualizados}
      </Title>
      <Desactualizados clienteId={clienteId} />
    </Stack>
  );
}
