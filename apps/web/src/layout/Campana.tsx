import {
  ActionIcon,
  Anchor,
  Box,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { Notificacion } from '@intranet/contract/areas/alertas';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatFechaHora } from '../core/format.ts';
import { messages } from '../core/messages.ts';
import { useLeerTodas, useMarcarLeida, useNotificaciones } from '../core/notificaciones.ts';

const t = messages.shell;
const MOSTRADAS = 8;

/**
 * The bell in the top bar: the unread count, the latest notifications; opening one marks it read and goes to its item.
 */
export function Campana() {
  const [abierta, setAbierta] = useState(false);
  const { data, isError } = useNotificaciones(MOSTRADAS);
  const marcar = useMarcarLeida();
  const leerTodas = useLeerTodas();
  const navigate = useNavigate();
  const noLeidas = data?.no_leidas ?? 0;
  const etiqueta = noLeidas > 0 ? t.notificacionesSinLeer(noLeidas) : t.notificaciones;

  const abrir = (n: Notificacion) => {
    setAbierta(false);
    if (!n.leida) marcar.mutate(n.id);
    void navigate(n.enlace);
  };

  return (
    <Popover opened={abierta} onChange={setAbierta} position="bottom-end" width={360} shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label={etiqueta} disabled={abierta}>
          <Indicator
            label={noLeidas > 99 ? '99+' : noLeidas}
            size={16}
            color="red"
            disabled={noLeidas === 0}
            offset={4}
            data-testid="campana-contador"
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={etiqueta}
              onClick={() => setAbierta((o) => !o)}
              data-testid="campana"
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="sm" py={8} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Text fw={600} size="sm">
            {t.notificaciones}
          </Text>
          {noLeidas > 0 && (
            <Anchor component="button" size="xs" onClick={() => leerTodas.mutate()}>
              {t.marcarTodas}
            </Anchor>
          )}
        </Group>
        <ScrollArea.Autosize mah={380}>
          {isError && (
            <Text size="sm" c="red" p="sm">
              {t.errorNotificaciones}
            </Text>
          )}
          {data && data.items.length === 0 && (
            <Text size="sm" c="dimmed" p="sm">
              {t.sinNotificaciones}
            </Text>
          )}
          <Stack gap={0} role="list" aria-label={t.notificaciones}>
            {data?.items.map((n) => (
              <Box key={n.id} role="listitem">
                <UnstyledButton
                  w="100%"
                  onClick={() => abrir(n)}
                  px="sm"
                  py={8}
                  data-testid="notificacion"
                  data-leida={n.leida}
                  style={{
                    borderBottom: '1px solid var(--mantine-color-gray-2)',
                    background: n.leida ? undefined : 'var(--mantine-color-blue-0)',
                  }}
                >
                  <Group gap={8} wrap="nowrap" align="flex-start">
                    <Box
                      w={8}
                      h={8}
                      mt={6}
                      style={{
                        borderRadius: 4,
                        flexShrink: 0,
                        background: n.leida ? 'transparent' : 'var(--mantine-color-blue-6)',
                      }}
                      aria-hidden
                    />
                    <Box style={{ minWidth: 0 }}>
                      <Text size="sm" fw={n.leida ? 400 : 600}>
                        {n.titulo}
                      </Text>
                      {n.detalle && (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {n.detalle}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {formatFechaHora(n.creada)}
                      </Text>
                    </Box>
                  </Group>
                </UnstyledButton>
              </Box>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Box px="sm" py={8}>
          <Anchor component={Link} to="/alertas/notificaciones" size="sm" onClick={() => setAbierta(false)}>
            {t.verTodas}
          </Anchor>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
