import { Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SeccionProps {
  title: string;
  /** The section's button beside its title (only for those who may edit). */
  action?: ReactNode;
  /** Shown dimmed in place of the table when the section has no rows. */
  vacio: string | null;
  children: ReactNode;
}

/** One section of the client's expiries tab: a titled card holding a table, or a line saying it is empty. */
export function Seccion({ title, action, vacio, children }: SeccionProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {action}
      </Group>
      {vacio === null ? (
        children
      ) : (
        <Text size="sm" c="dimmed">
          {vacio}
        </Text>
      )}
    </Paper>
  );
}
