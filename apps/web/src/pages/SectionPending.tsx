import { Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '../core/messages.ts';

/** The one honest placeholder (issue 2): an area's screen that a later issue delivers. */
export function SectionPending({ title }: { title: string }) {
  return (
    <Stack gap="md" data-testid="section-pending">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="xl" radius="md">
        <Text fw={600}>{messages.paginas.seccionEnPreparacion}</Text>
        <Text c="dimmed" size="sm">
          {messages.paginas.seccionEnPreparacionTexto}
        </Text>
      </Paper>
    </Stack>
  );
}
