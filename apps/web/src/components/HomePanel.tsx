import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { homeMessages } from './messages.ts';

interface HomePanelProps {
  title: string;
  /** The filtered list the panel summarises. */
  link: string;
  /** The total the list holds (shown beside the title). */
  total?: number | undefined;
  status: 'pending' | 'error' | 'success';
  /** Said when the list is empty. */
  empty: string;
  isEmpty: boolean;
  children?: ReactNode;
}

/** One panel of the home: its title and total, a few lines, and the link to its filtered list. */
export function HomePanel({ title, link, total, status, empty, isEmpty, children }: HomePanelProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={8} wrap="nowrap" miw={0}>
            <Title order={2} size="h5">
              {title}
            </Title>
            {total !== undefined && (
              <Badge variant="light" size="sm">
                {total}
              </Badge>
            )}
          </Group>
          <Anchor component={Link} to={link} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {homeMessages.verTodos}
          </Anchor>
        </Group>
        {status === 'pending' && (
          <Stack gap={6}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={18} />
            ))}
          </Stack>
        )}
        {status === 'error' && (
          <Text size="sm" c="red" role="alert">
            {homeMessages.panelError}
          </Text>
        )}
        {status === 'success' &&
          (isEmpty ? (
            <Text size="sm" c="dimmed">
              {empty}
            </Text>
          ) : (
            children
          ))}
      </Stack>
    </Paper>
  );
}

/** A line of a panel: what, and beside it when (or how many). */
export function HomePanelLine({
  link,
  text,
  detail,
  aside,
}: {
  link: string;
  text: string;
  detail?: string | null | undefined;
  aside: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} miw={0}>
        <Anchor component={Link} to={link} size="sm" truncate="end">
          {text}
        </Anchor>
        {detail && (
          <Text size="xs" c="dimmed" truncate="end">
            {detail}
          </Text>
        )}
      </Stack>
      <div style={{ flexShrink: 0 }}>{aside}</div>
    </Group>
  );
}
