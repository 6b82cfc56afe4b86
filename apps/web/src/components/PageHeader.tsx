import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PageHeaderProps {
  title: ReactNode;
  /** Buttons on the right: 'Nuevo…', 'Editar', 'Eliminar'. */
  actions?: ReactNode;
  /** A link back up ('Volver a la lista'). */
  back?: { to: string; label: string };
}

/** A screen's title row: the page's one h1, its actions and an optional way back. */
export function PageHeader({ title, actions, back }: PageHeaderProps) {
  return (
    <Stack gap={4} mb="md">
      {back && (
        <Anchor
          component={Link}
          to={back.to}
          size="sm"
          className="no-print"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconArrowLeft size={14} aria-hidden />
          {back.label}
        </Anchor>
      )}
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
