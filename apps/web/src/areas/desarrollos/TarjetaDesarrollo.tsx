import { ActionIcon, Anchor, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { IconArrowsExchange, IconCalendarDue, IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DESARROLLO_TRANSICIONES,
  type DesarrolloEstado,
  type DesarrolloFila,
} from '@intranet/contract/areas/desarrollos';
import { Compromiso, PrioridadBadge } from './Badges.tsx';
import { DESARROLLOS_PATH } from './Filtros.tsx';
import { desarrollosMessages as t } from './messages.ts';
import resaltado from '../../components/resaltado.module.css';

interface TarjetaProps {
  desarrollo: DesarrolloFila;
  /** Without DESARROLLOS#EDITAR the card neither drags nor offers "Mover a". */
  editable: boolean;
  onMover: (desarrollo: DesarrolloFila, estado: DesarrolloEstado) => void;
  /** Someone else just changed it (live board). */
  resaltada?: boolean;
}

/** A card of the board: drag it by any part (or pick it up with its handle and the keyboard), or "Mover a". */
export function TarjetaDesarrollo({ desarrollo, editable, onMover, resaltada }: TarjetaProps) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: desarrollo.id,
    data: { desarrollo },
    disabled: !editable,
  });
  return (
    <Paper
      ref={setNodeRef}
      component="article"
      aria-label={desarrollo.titulo}
      data-desarrollo={desarrollo.id}
      className={resaltada ? resaltado.cambiada : undefined}
      data-cambiada={resaltada || undefined}
      withBorder
      radius="sm"
      p="xs"
      shadow="xs"
      style={{ opacity: isDragging ? 0.4 : 1, cursor: editable ? 'grab' : undefined, userSelect: 'none' }}
      {...listeners}
    >
      <ContenidoTarjeta desarrollo={desarrollo}>
        {editable && (
          <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
            <MoverMenu desarrollo={desarrollo} onMover={onMover} />
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              size="sm"
              {...attributes}
              aria-label={t.arrastrando(desarrollo.titulo)}
              style={{ touchAction: 'none', cursor: 'grab' }}
            >
              <IconGripVertical size={14} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </ContenidoTarjeta>
    </Paper>
  );
}

/** What a card shows; also drawn under the pointer while dragging. */
export function ContenidoTarjeta({ desarrollo, children }: { desarrollo: DesarrolloFila; children?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-start" gap={4} wrap="nowrap">
        {/* Clamped to three lines on the card: the whole title shows on hover, and on the development's page. */}
        <Anchor
          component={Link}
          to={`${DESARROLLOS_PATH}/${desarrollo.id}`}
          size="sm"
          fw={600}
          lineClamp={3}
          title={desarrollo.titulo}
          draggable={false}
        >
          {desarrollo.titulo}
        </Anchor>
        {children}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {desarrollo.empresa ?? t.interno}
      </Text>
      <Group gap={6} wrap="nowrap">
        <PrioridadBadge prioridad={desarrollo.prioridad} size="xs" />
        <Text size="xs" truncate>
          {desarrollo.responsable ?? t.sinResponsable}
        </Text>
      </Group>
      {desarrollo.fecha_compromiso && (
        <Group gap={4} wrap="nowrap" c={desarrollo.vencido ? 'red' : 'dimmed'} title={t.compromiso}>
          <IconCalendarDue size={14} aria-label={t.compromiso} />
          <Compromiso fecha={desarrollo.fecha_compromiso} vencido={desarrollo.vencido} size="xs" />
        </Group>
      )}
    </Stack>
  );
}

/** The keyboard and screen-reader way to move a card: only the states the transition table allows. */
function MoverMenu({ desarrollo, onMover }: Pick<TarjetaProps, 'desarrollo' | 'onMover'>) {
  const destinos = DESARROLLO_TRANSICIONES[desarrollo.estado];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t.moverTarjeta(desarrollo.titulo)}
          onPointerDown={(e) => e.stopPropagation()}
        >
          <IconArrowsExchange size={14} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t.moverA}</Menu.Label>
        {destinos.length === 0 && <Menu.Item disabled>{t.sinMovimientos}</Menu.Item>}
        {destinos.map((estado) => (
          <Menu.Item key={estado} onClick={() => onMover(desarrollo, estado)}>
            {t.estados[estado]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
